-- Our risk rules counted per signer (the rules are in the fragment, shared with the merge).
{{> fragments/address-risk-flags main}}
