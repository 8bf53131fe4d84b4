/** The generator's name and version, as printed by --version and in <meta name="generator">. */
export const GENERATOR_NAME = 'sipadocs';
export const GENERATOR_VERSION = '2.1.0';
