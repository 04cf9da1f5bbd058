/**
 * Where the contract lives. The files sit beside src/ and dist/ alike, so the same relative
 * URL finds them from the sources (development) and from the built package (production).
 */
export const MEV_WSDL_URL = new URL('../contract/mev.wsdl', import.meta.url);
export const MEV_XSD_URL = new URL('../contract/mev.xsd', import.meta.url);

/** Path of the SOAP endpoint (the WSDL's soap:address). */
export const MEV_SOAP_PATH = '/mev/v1/fiscal';
