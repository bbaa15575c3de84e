/** The interface contract this build implements (spec "Versioning"). */
export const CONTRACT_VERSION = '1.23.0';
