-- The zero address (Base58 of 0x41 followed by 20 zero bytes): the sender of TRC20 mints, the receiver of burns.
CREATE OR REPLACE MACRO zero_address() AS 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
