/** Mask of the SUS card (Cartão Nacional de Saúde, CNS) on /saude; sent as 15 digits. */
export const SUS_MASK = '### #### #### ####';
