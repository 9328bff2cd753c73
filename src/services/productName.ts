/**
 * The product's name (docs/product.md "Screens and routes"): the sidebar header, the e-mail subject "{product} Note: {title}",
 * the task hand-off's "From {product}" and the usage-tracking app_name (docs/product.md "Calls"). Kept in services
 * so that both the adapters and the UI can read it without services depending on the UI.
 */
export const PRODUCT_NAME = 'NotePad';
