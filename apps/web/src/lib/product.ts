/** The product's display name, in the header, page titles and mail. */
export const PRODUCT_NAME = 'Backup Portal';
