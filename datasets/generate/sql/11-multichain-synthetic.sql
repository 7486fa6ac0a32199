-- Synthetic multichain_addresses (/api/multiple/chain/query): BitTorrent Chain rows for about 60 % of the
-- TRC20 token contracts and of the exchange hot wallets (address_labels, 08), each the address's own 20 bytes as 0x
-- hex (the form the same key has on an EVM chain), existing there for about 70 % of them. First batch only; an
-- operator's file (`tronlake reference load`) replaces them.
INSERT INTO multichain_addresses BY NAME
SELECT a.b58 AS tron_address, 'BitTorrent Chain' AS chain, 'bttc' AS name, 'BTTCSCAN' AS title, '0x' || a.hex AS address,
       uf(mix(hash('bttc:' || {{seed}}), 'exists'), a.i) < 0.7 AS "exists", '' AS logo,
       'https://bttcscan.com/address/0x' || a.hex AS url, k.kind AS "type", 'synthetic' AS source
FROM (SELECT token_id AS b58, 'token' AS kind FROM tokens WHERE token_standard = 'trc20'
      UNION ALL SELECT address, 'account' FROM address_labels WHERE category = 'exchange') k
JOIN g_addr a ON a.b58 = k.b58
WHERE uf(mix(hash('bttc:' || {{seed}}), 'listed'), a.i) < 0.6;
