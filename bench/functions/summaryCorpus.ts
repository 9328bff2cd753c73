/**
 * Texts with reference summaries for the summary quality check (`npm run quality:summaries`).
 * All texts and summaries were written for NotePad by its authors (original work, shipped under the
 * project's licence): notes, reports and short articles on invented or general topics. Each reference
 * is a human-written abstract of two or three sentences, not a copy of the text's first sentences.
 */

/** One text and the summary a careful reader would write. */
export interface SummaryCase {
  id: string;
  text: string;
  reference: string;
}

export const SUMMARY_CORPUS: SummaryCase[] = [
  {
    id: 'library-renovation',
    text: `The city library will close its main reading room from March to September for a long-delayed renovation. The roof has leaked every winter since 2019, and the heating system is more than forty years old. Workers will replace both and add new study desks with power outlets. While the room is closed, books can be borrowed from a temporary branch in the town hall. The children's weekend reading club will also move there. The council approved the budget of 2.4 million after a debate in which some members argued the money should go to the swimming pool. Local artists have offered to paint a mural in the new entrance. Residents can send ideas for the reopened room to the library by email until the end of January.`,
    reference: `The library's main reading room closes from March to September to fix the leaking roof, replace the old heating and add study desks. Lending and the children's reading club move to a temporary branch in the town hall. The council approved a 2.4 million budget despite objections.`,
  },
  {
    id: 'sprint-retro',
    text: `Retrospective for sprint 14. We shipped offline editing two days late because the sync tests kept failing on the build server. The failures came from a clock difference between containers, not from our code. Maria fixed it by injecting the clock into the sync service. Code reviews were slow this sprint: the average pull request waited 31 hours for a first review. Several people said they did not know whose turn it was. We agreed to rotate a daily review duty and to keep pull requests under 400 lines. The design handoff for the settings page went well and nobody asked for changes. Next sprint we focus on the import feature and on crash reports from older Android phones.`,
    reference: `Offline editing shipped two days late because of flaky sync tests caused by a clock difference between containers, now fixed by injecting the clock. Reviews were slow, so the team will rotate a daily review duty and keep pull requests small. Next sprint covers the import feature and Android crashes.`,
  },
  {
    id: 'bees',
    text: `Bees pollinate roughly a third of the crops that people eat, from apples to almonds. Over the last decade their numbers have fallen sharply in many regions. Scientists point to several causes acting together. Some pesticides weaken the bees' sense of direction, so foragers fail to return to the hive. A parasitic mite spreads viruses between colonies. Large fields of a single crop offer food for only a few weeks a year, leaving bees hungry the rest of the time. Farmers are now testing simple measures. Strips of wildflowers along the edges of fields provide food from spring to autumn. Some regions have restricted the most harmful pesticides. Early results show that wild bee populations recover within a few seasons where these measures are combined.`,
    reference: `Bees, which pollinate a third of our food crops, have declined sharply because of pesticides, parasitic mites and monocultures that leave them without food. Wildflower strips and pesticide limits help wild bee populations recover within a few seasons.`,
  },
  {
    id: 'kitchen-move',
    text: `Notes for moving the kitchen. The movers come on Saturday at eight, so everything must be packed by Friday night. Wrap the glasses in newspaper and put them in the small boxes, never in the big ones. The fridge has to be defrosted on Thursday, otherwise it will leak in the van. Ask the neighbours whether they want the old microwave; if not, take it to the recycling centre, which closes at four on Fridays. Keep one pan, two plates and the kettle out until the last moment. Label each box with the room it goes to in the new flat. The new kitchen has no dishwasher yet, and the installer only comes the following Wednesday.`,
    reference: `Everything must be packed by Friday night for the Saturday morning movers, with glasses in small boxes and the fridge defrosted on Thursday. The old microwave goes to a neighbour or the recycling centre, and boxes need room labels. The new kitchen's dishwasher arrives the next Wednesday.`,
  },
  {
    id: 'volcano-island',
    text: `A small volcanic island in the South Atlantic has grown by nearly a square kilometre in three months. The eruption began in early spring with a series of minor earthquakes felt by the island's research station. Lava flows reached the sea on the western side and cooled into new black rock. The station's twelve scientists were evacuated by ship as a precaution, but the instruments they left behind kept recording. Data from the seismometers suggest that the magma chamber is refilling. Geologists say the eruption could continue for months. Seabird colonies on the eastern cliffs appear unaffected so far. Satellite images will be used to measure how the coastline changes until the team can return.`,
    reference: `An eruption on a South Atlantic volcanic island added almost a square kilometre of new land in three months. The research station's scientists were evacuated, but their instruments show the magma chamber refilling, so the eruption may last for months. Seabird colonies seem unaffected.`,
  },
  {
    id: 'budget-meeting',
    text: `Budget meeting, marketing team. We spent 82 percent of this year's budget by the end of September. The trade fair in Lyon cost twice what we planned, because the stand had to be rebuilt after transport damage. Online advertising brought more leads per euro than any other channel. Print advertising brought almost none. Paul suggested cancelling the print campaign for the fourth quarter. Nobody objected. The remaining money will go to online advertising and to a small video series about customer stories. We will ask finance whether the insurance covers the damaged stand. The next review is on the fifteenth of December.`,
    reference: `Marketing has used 82 percent of its budget, largely because the Lyon trade fair stand had to be rebuilt after transport damage. Since print ads brought almost no leads, the fourth-quarter print campaign is cancelled and the money moves to online ads and a customer video series.`,
  },
  {
    id: 'sleep-study',
    text: `Teenagers who start school later sleep longer and do better in class, according to a two-year study of eight secondary schools. Four of the schools moved their first lesson from eight to nine o'clock. Students at those schools slept on average forty minutes more per night. Their attendance rose and fewer of them fell asleep in morning lessons. Grades in mathematics improved slightly, while grades in languages did not change. Parents reported fewer arguments at breakfast. Teachers were less enthusiastic at first, because their own day ended later. The researchers note that the schools were not chosen at random, so the results should be confirmed in a larger trial.`,
    reference: `A two-year study found that teenagers at schools starting an hour later slept forty minutes more, attended more and did slightly better in mathematics. The researchers say a larger randomised trial is needed because the schools were not chosen at random.`,
  },
  {
    id: 'bike-repair',
    text: `The back wheel of my bike kept rubbing against the brake. First I thought the wheel was bent, but spinning it showed it was straight. The problem was the axle: it had slipped forward in the frame because the quick release was not tight enough. I opened the quick release, pulled the wheel back into the dropouts and closed it firmly. The rubbing stopped. While I was at it, I noticed the chain was dry and squeaking, so I cleaned it with a rag and added a few drops of oil. The brake pads are worn to about half and should be replaced before winter. Total time was twenty minutes and no new parts were needed.`,
    reference: `The rubbing back wheel was not bent: the axle had slipped because the quick release was loose, and re-seating and tightening it fixed the problem. The chain was also cleaned and oiled. The half-worn brake pads should be replaced before winter.`,
  },
  {
    id: 'coffee-shop',
    text: `A cooperative of coffee farmers in the highlands has opened its own roastery in the capital. For decades the farmers sold green beans to exporters at prices set on international markets. By roasting and selling the coffee themselves, they expect to earn about three times as much per kilogram. The roastery employs fourteen people, most of them children of the farmers. It also runs a small café where visitors can taste coffee from each village. Getting there was not easy. The cooperative needed a loan for the roasting machine, and two banks refused before a regional development fund agreed. The first year's sales have already covered the interest payments.`,
    reference: `Highland coffee farmers have opened a cooperative roastery and café in the capital, hoping to earn three times more per kilogram than by selling green beans to exporters. After two banks refused, a regional development fund financed the roaster, and first-year sales already cover the interest.`,
  },
  {
    id: 'password-policy',
    text: `From next month, all staff accounts must use a password manager and two-factor authentication. The change follows an incident in June, when an attacker used a reused password to read one employee's email for two days. No customer data was taken, but the attacker sent convincing invoices to three suppliers. The IT team will install the password manager on every laptop during the first week. Phones will be used for the second factor; staff without a work phone will receive a hardware key. Passwords no longer need to be changed every ninety days, because long unique passwords are safer than frequent changes. Questions can be sent to the help desk.`,
    reference: `After an attacker used a reused password to access an employee's email and send fake invoices, all staff must use a password manager and two-factor authentication from next month. IT installs the manager, phones or hardware keys serve as the second factor, and forced ninety-day changes end.`,
  },
  {
    id: 'river-cleanup',
    text: `Around two hundred volunteers cleaned a four-kilometre stretch of the river on Sunday. They collected more than a tonne of rubbish, including forty shopping trolleys, six bicycles and a surprising number of traffic cones. Most of the waste was plastic packaging that had collected behind fallen branches. The city provided gloves, bags and two trucks, and a local bakery donated lunch. Divers from the fire brigade pulled the heaviest objects from the water. Organisers want to repeat the event every spring. They also asked the city to install nets at the storm drains, which carry much of the plastic into the river after heavy rain.`,
    reference: `Two hundred volunteers removed over a tonne of rubbish, mostly plastic packaging but also trolleys and bicycles, from four kilometres of river. The organisers plan a yearly spring clean-up and want nets on storm drains, which wash much of the plastic into the river.`,
  },
  {
    id: 'job-interview',
    text: `Interview notes, backend developer candidate. She has six years of experience, the last three at a logistics company where she built the route planning service. She explained clearly how they moved from one large database to separate services and what went wrong on the way. Her answer on testing was strong: she writes tests first for anything involving money or dates. The coding exercise took her forty minutes; the solution was correct but she did not handle an empty input until we asked. She asked good questions about on-call duty and how we review code. Salary expectations are within our range. Recommendation: invite her to the final round with the team lead.`,
    reference: `The backend candidate has six years of experience, including building a route planning service, and explained a service migration and her testing approach well. Her coding exercise was correct apart from empty input. She is within the salary range and should go to the final round.`,
  },
  {
    id: 'glacier',
    text: `The glacier above the village has retreated by almost three hundred metres since 1990. Old photographs in the village hall show the ice reaching the edge of the pasture; today it begins behind a ridge. The melt has formed a new lake at the foot of the glacier. Engineers are watching the lake closely, because a sudden release of water could flood the valley. They installed sensors that measure the water level every ten minutes and send an alarm to the fire station. A channel was dug last summer to keep the lake from rising further. Farmers say the stream now runs high in June but is nearly dry by September, which worries them more than the lake.`,
    reference: `The glacier above the village has retreated nearly three hundred metres since 1990, leaving a meltwater lake that could flood the valley. Engineers monitor it with alarmed sensors and dug a channel to limit its level, while farmers worry about streams running dry by September.`,
  },
  {
    id: 'garden-plan',
    text: `Plan for the vegetable garden this year. Tomatoes go in the sunny bed by the south wall again, but the potatoes move to the back, since growing them in the same place invites disease. Sow carrots and radishes together in April: the radishes come up fast and mark the rows. Beans climb the old fence. Last year the slugs ate every lettuce, so this year the lettuce grows in raised boxes with copper tape around the edges. The compost heap is ready to use in March. Order seed potatoes before the end of February, because the good varieties sell out early. Water in the morning, not in the evening, to keep the slugs away.`,
    reference: `This year tomatoes stay by the south wall, potatoes move to the back to avoid disease, and carrots and radishes are sown together in April. Lettuce goes into raised boxes with copper tape against slugs, and seed potatoes must be ordered before the end of February.`,
  },
  {
    id: 'museum-robot',
    text: `The science museum has a new guide: a robot that leads small groups through the hall of early computers. It can answer about three hundred questions and knows when to call a human guide. Visitors under twelve like it most, according to a survey at the exit. Older visitors were more critical; several said the robot spoke too fast and did not understand their accents. The museum says the robot is meant to help, not to replace the four human guides, who now spend more time on workshops. The robot cost less than one year of a guide's salary. It will be updated in the spring to speak more slowly and understand more languages.`,
    reference: `The science museum's new robot guide leads groups through its early computer hall and calls human guides when needed. Children like it, but older visitors found it too fast and poor with accents, which a spring update should fix. The museum says it supports rather than replaces its four human guides.`,
  },
  {
    id: 'train-delays',
    text: `Passengers on the northern line faced delays of up to two hours on Tuesday after a signal failure near the central station. The failure began at seven in the morning, at the peak of the commuter rush. Trains were held in stations while engineers searched for the fault, which turned out to be a cable damaged by construction work nearby. Buses replaced trains between three stations for most of the morning. The rail company apologised and said passengers with delays over one hour can claim a full refund online. Normal service returned by early afternoon. The construction company said it would review how it marks cables before digging.`,
    reference: `A signal failure caused by a cable damaged in nearby construction delayed northern line trains by up to two hours during Tuesday's morning rush, with buses replacing trains between three stations. Passengers delayed over an hour can claim a full refund, and service was normal by early afternoon.`,
  },
  {
    id: 'reading-group',
    text: `Reading group, November. We discussed a novel about a lighthouse keeper who raises his granddaughter on a remote island. Most of us liked the first half, with its slow descriptions of weather and work. Several people felt the ending was rushed: the granddaughter leaves for the mainland and the book jumps twenty years in a few pages. Anna pointed out that the island is never named, which makes the story feel like a fable. We disagreed about whether the grandfather is kind or controlling. Next month we read a collection of short stories chosen by Tom. We meet at the café on the corner again, because the library room is being renovated.`,
    reference: `The group discussed a novel about a lighthouse keeper raising his granddaughter on an unnamed island, praising its slow first half but finding the ending rushed and disagreeing about the grandfather. Next month's book is a short story collection chosen by Tom, discussed at the corner café.`,
  },
  {
    id: 'solar-school',
    text: `The primary school will install solar panels on its roof next summer. The panels are expected to cover about a third of the school's electricity. The parents' association raised forty thousand through a fair, a sponsored run and donations from local businesses. The city will pay the rest. Installation will take two weeks during the holidays, so lessons are not disturbed. A screen in the entrance hall will show how much power the panels produce each day, and teachers plan to use the data in mathematics lessons. The roof was inspected in October and is strong enough. If the project works well, two other schools in the district want to follow.`,
    reference: `Funded by forty thousand raised by parents and by the city, solar panels covering a third of the primary school's electricity will be installed during the summer holidays. A screen will show daily production for maths lessons, and two other schools may follow.`,
  },
  {
    id: 'doctor-visit',
    text: `Notes from the doctor's appointment. The knee pain is not from the cartilage; the scan shows an irritated tendon, probably from running on hard roads. No surgery needed. I should stop running for four weeks but can cycle and swim. Ice the knee for fifteen minutes after any exercise. The physiotherapist will show exercises to strengthen the thigh muscles, first appointment on Monday at ten. If the pain is not better in six weeks, I go back for another check. The doctor also said my running shoes are too worn and should be replaced before I start again.`,
    reference: `The knee pain comes from an irritated tendon, likely from running on hard roads, not from cartilage, and needs no surgery. Running stops for four weeks, with cycling, swimming, ice and physiotherapy from Monday instead. Worn running shoes must be replaced, and a check follows if there is no improvement in six weeks.`,
  },
  {
    id: 'city-trees',
    text: `The city plans to plant ten thousand trees over the next five years. Streets in the eastern districts, which have the fewest trees and the hottest summers, come first. Measurements last August showed those streets were up to six degrees warmer than leafy streets in the west. The council chose species that cope with drought, because several young trees planted in 2018 died in dry summers. Each new tree gets a watering bag that residents are asked to refill during heat waves. Shops worried about losing parking spaces, so trees will be planted in existing green strips where possible. The first two thousand trees go in this autumn.`,
    reference: `The city will plant ten thousand drought-tolerant trees over five years, starting with the eastern districts, which measured up to six degrees hotter than leafy western streets. Residents are asked to refill watering bags, trees go into existing green strips to save parking, and the first two thousand are planted this autumn.`,
  },
  {
    id: 'de-fahrrad',
    text: `Die Stadt will bis 2028 ein durchgehendes Netz von Radwegen bauen. Heute enden viele Radwege plötzlich an Kreuzungen, und Radfahrer müssen auf die Straße ausweichen. Besonders gefährlich ist die Hauptstraße zwischen Bahnhof und Universität, auf der es im letzten Jahr elf Unfälle mit Radfahrern gab. Dort sollen zuerst geschützte Radwege entstehen, die durch Poller von der Fahrbahn getrennt sind. Dafür fallen etwa achtzig Parkplätze weg. Der Einzelhandel befürchtet weniger Kunden, doch eine Zählung zeigte, dass die meisten Kunden zu Fuß, mit dem Rad oder mit dem Bus kommen. Die Bauarbeiten beginnen im Frühjahr.`,
    reference: `Die Stadt baut bis 2028 ein durchgehendes Radwegenetz, beginnend mit geschützten Radwegen auf der unfallreichen Hauptstraße zwischen Bahnhof und Universität. Dafür entfallen achtzig Parkplätze, obwohl der Handel Kundenverluste fürchtet; die meisten Kunden kommen jedoch nicht mit dem Auto.`,
  },
  {
    id: 'es-mercado',
    text: `El mercado municipal del barrio reabrirá en mayo después de dos años de obras. El edificio, construido en 1932, tenía el techo dañado y las instalaciones eléctricas eran peligrosas. La reforma ha conservado la fachada original y los azulejos de colores. Habrá cuarenta puestos, diez más que antes, y una zona con mesas para comer. Los alquileres de los puestos subirán un quince por ciento, lo que preocupa a algunos comerciantes veteranos. El ayuntamiento ofrecerá descuentos durante el primer año a quienes ya tenían un puesto. Los vecinos esperan que el mercado vuelva a ser el centro de la vida del barrio.`,
    reference: `El mercado municipal de 1932 reabre en mayo tras dos años de obras que conservaron la fachada y los azulejos, con cuarenta puestos y una zona de mesas. Los alquileres suben un quince por ciento, pero los comerciantes antiguos tendrán descuentos el primer año.`,
  },
];
