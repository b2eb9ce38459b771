-- name: InsertJournal :execrows
INSERT INTO ledger_journals (id, ref, kind, memo)
VALUES ($1, $2, $3, $4)
ON CONFLICT (ref) WHERE ref IS NOT NULL DO NOTHING;

-- name: InsertLedgerEntry :exec
INSERT INTO ledger_entries (journal_id, account, wallet_id, asset, amount)
VALUES ($1, $2, $3, $4, $5);

-- name: CreateInternalTransfer :exec
INSERT INTO internal_transfers (id, from_wallet_id, to_wallet_id, asset, amount, journal_id, memo)
VALUES ($1, $2, $3, $4, $5, $6, $7);
