package transfer

import (
	"context"
	"fmt"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/ports"
)

// PartnerCallback is the partner's asynchronous result for a credit.
type PartnerCallback struct {
	TransactionReference string `json:"transactionReference"`
	PostingID            string `json:"postingId"`
	Status               string `json:"status"` // POSTED | REJECTED
	ReasonCode           string `json:"reasonCode"`
}

// Validate checks the callback.
func (c *PartnerCallback) Validate() error {
	if c.TransactionReference == "" {
		return fmt.Errorf("transactionReference is required")
	}
	if c.Status != "POSTED" && c.Status != "REJECTED" {
		return fmt.Errorf("unknown status %q", c.Status)
	}
	return nil
}

// Callbacks applies partner results to transfers.
type Callbacks struct {
	tx        ports.TxRunner
	transfers ports.Transfers
	ledger    ports.Ledger
}

// NewCallbacks returns a Callbacks.
func NewCallbacks(tx ports.TxRunner, transfers ports.Transfers, ledger ports.Ledger) *Callbacks {
	return &Callbacks{tx: tx, transfers: transfers, ledger: ledger}
}

// Handle marks the transfer posted, or rejected with the miles returned.
func (c *Callbacks) Handle(ctx context.Context, cb PartnerCallback) error {
	return c.tx.Do(ctx, func(ctx context.Context) error {
		t, err := c.transfers.Get(ctx, cb.TransactionReference)
		if err != nil {
			return err
		}
		if cb.Status == "POSTED" {
			_, err := c.transfers.Transition(ctx, t.ID, []string{domain.TransferSubmitted}, domain.TransferPosted)
			return err
		}
		moved, err := c.transfers.Transition(ctx, t.ID,
			[]string{domain.TransferPending, domain.TransferSubmitted}, domain.TransferRejected)
		if err != nil || !moved {
			return err
		}
		_, err = c.ledger.Post(ctx, domain.Posting{
			MemberID:  t.MemberID,
			Kind:      domain.KindRefund,
			Miles:     t.Miles,
			Source:    "transfer-rejected",
			SourceRef: t.ID,
			Memo:      "partner rejected: " + cb.ReasonCode,
		})
		return err
	})
}
