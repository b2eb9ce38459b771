package consumer

import (
	"encoding/json"
	"time"
)

const (
	TopicRedemptions    = "pos.redemptions.v1"
	TopicReversals      = "pos.reversals.v1"
	TopicOfflineLoads   = "pos.loads.offline.v1"
	TopicTerminalEvents = "pos.terminal-events.v1"
)

// PosRedemption is published by the POS gateway for redemptions taken in
// store-and-forward mode. EventID is assigned by the gateway and is stable
// across re-publishes.
type PosRedemption struct {
	EventID     string    `json:"event_id"`
	MerchantID  string    `json:"merchant_id"`
	TerminalID  string    `json:"terminal_id"`
	PosTxnID    string    `json:"pos_txn_id"`
	CardCode    string    `json:"card_code"`
	AmountCents int64     `json:"amount_cents"`
	OccurredAt  time.Time `json:"occurred_at"`
}

type PosReversal struct {
	EventID     string    `json:"event_id"`
	MerchantID  string    `json:"merchant_id"`
	TerminalID  string    `json:"terminal_id"`
	PosTxnID    string    `json:"pos_txn_id"`
	AmountCents int64     `json:"amount_cents"`
	Reason      string    `json:"reason"`
	OccurredAt  time.Time `json:"occurred_at"`
}

// OfflineLoadLine is one line of a batch uploaded by a terminal that was
// offline when it took cash top-ups.
type OfflineLoadLine struct {
	BatchID     string    `json:"batch_id"`
	Line        int       `json:"line"`
	TerminalID  string    `json:"terminal_id"`
	CardCode    string    `json:"card_code"`
	AmountCents int64     `json:"amount_cents"`
	CapturedAt  time.Time `json:"captured_at"`
}

type TerminalEvent struct {
	TerminalID string          `json:"terminal_id"`
	Type       string          `json:"type"`
	At         time.Time       `json:"at"`
	Data       json.RawMessage `json:"data"`
}

func decode[T any](raw []byte) (T, error) {
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		return v, permanent(err)
	}
	return v, nil
}
