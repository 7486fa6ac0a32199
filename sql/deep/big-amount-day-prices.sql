-- bigAmount's kept day prices (src/endpoints/shapes/big-amount-keyed.ts): the price rule's close of every priced token
-- and day (token_day_prices), read once per served version.
SELECT token_id, day, price FROM token_day_prices
