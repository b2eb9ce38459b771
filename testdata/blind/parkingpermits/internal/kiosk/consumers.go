package kiosk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/curbline-civic/permits/internal/domain"
	"github.com/curbline-civic/permits/internal/platform/database"
	"github.com/curbline-civic/permits/internal/platform/msgkit"
	"github.com/curbline-civic/permits/internal/revenue"
)

// Store is the kiosk storage the consumers need.
type Store interface {
	InsertPayment(ctx context.Context, p Payment) (bool, error)
	InsertRefund(ctx context.Context, f Refund) error
	InsertTempPermit(ctx context.Context, t TempPermit) error
	RevenueAccount(ctx context.Context, appID uuid.UUID) (string, error)
}

// Ledger books payments ledger rows.
type Ledger interface {
	InsertLedger(ctx context.Context, e domain.LedgerEntry) error
}

// Applications is the application status the consumers move.
type Applications interface {
	MarkPaid(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
	SetStatus(ctx context.Context, id uuid.UUID, from []string, to string) (bool, error)
}

// ReviewStarter starts the review workflow.
type ReviewStarter interface {
	StartReview(ctx context.Context, applicationID uuid.UUID) error
}

// SalePoster books a kiosk sale in the GL.
type SalePoster interface {
	PostKioskSale(ctx context.Context, s revenue.KioskSale) error
}

// Publisher publishes to JetStream.
type Publisher interface {
	Publish(ctx context.Context, subject string, data []byte, opts ...jetstream.PublishOpt) (*jetstream.PubAck, error)
}

// Consumers holds the kiosk event handlers.
type Consumers struct {
	Store     Store
	Ledger    Ledger
	Apps      Applications
	Reviews   ReviewStarter
	Revenue   SalePoster
	Publisher Publisher
	Processed msgkit.ProcessedStore
	Tx        database.TxRunner
	Log       *slog.Logger
}

// Route binds a durable consumer to a handler.
type Route struct {
	Durable string
	Subject string
	MaxAck  time.Duration
	Handler jetstream.MessageHandler
}

// Routes is the registration table the ingest binary iterates.
func (c *Consumers) Routes() []Route {
	const timeout = 45 * time.Second
	return []Route{
		{
			Durable: "permits-kiosk-captured",
			Subject: SubjectCaptured,
			MaxAck:  time.Minute,
			Handler: msgkit.Decode(c.Log, timeout, c.onCaptured),
		},
		{
			Durable: "permits-kiosk-refunded",
			Subject: SubjectRefunded,
			MaxAck:  time.Minute,
			Handler: msgkit.Decode(c.Log, timeout, msgkit.Once(c.Processed, "kiosk-refunds", c.onRefunded)),
		},
		{
			Durable: "permits-kiosk-printed",
			Subject: SubjectPrinted,
			MaxAck:  30 * time.Second,
			Handler: msgkit.Decode(c.Log, timeout, c.onPrinted),
		},
	}
}

func (c *Consumers) onCaptured(ctx context.Context, meta msgkit.Meta, evt PaymentCaptured) error {
	if evt.TxnID == "" || evt.ApplicationID == uuid.Nil {
		return msgkit.Permanent(errors.New("captured event without txn or application"))
	}
	err := c.Tx.InTx(ctx, func(ctx context.Context) error {
		fresh, err := c.Store.InsertPayment(ctx, Payment{
			TxnID: evt.TxnID, KioskID: evt.KioskID, ApplicationID: evt.ApplicationID,
			AmountCents: evt.AmountCents, Tender: evt.Tender, CapturedAt: evt.CapturedAt,
		})
		if err != nil || !fresh {
			return err
		}
		if err := c.Ledger.InsertLedger(ctx, domain.LedgerEntry{
			ID:            uuid.New(),
			ApplicationID: evt.ApplicationID,
			Source:        domain.SourceKiosk,
			AmountCents:   evt.AmountCents,
			ProviderRef:   evt.TxnID,
			ReceivedAt:    evt.CapturedAt,
		}); err != nil {
			return err
		}
		_, err = c.Apps.MarkPaid(ctx, evt.ApplicationID, evt.CapturedAt)
		return err
	})
	if err != nil {
		return err
	}

	if err := c.Reviews.StartReview(ctx, evt.ApplicationID); err != nil {
		return fmt.Errorf("start review: %w", err)
	}

	acct, err := c.Store.RevenueAccount(ctx, evt.ApplicationID)
	if err != nil {
		return err
	}
	return c.Revenue.PostKioskSale(ctx, revenue.KioskSale{
		KioskID:        evt.KioskID,
		KioskTxnID:     evt.TxnID,
		RevenueAccount: acct,
		AmountCents:    evt.AmountCents,
		CapturedAt:     evt.CapturedAt,
	})
}

func (c *Consumers) onRefunded(ctx context.Context, meta msgkit.Meta, evt PaymentRefunded) error {
	return c.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := c.Store.InsertRefund(ctx, Refund{
			ID:            uuid.New(),
			KioskRefundID: evt.RefundID,
			KioskTxnID:    evt.TxnID,
			ApplicationID: evt.ApplicationID,
			AmountCents:   evt.AmountCents,
			Reason:        evt.Reason,
			RefundedAt:    evt.RefundedAt,
		}); err != nil {
			return err
		}
		if err := c.Ledger.InsertLedger(ctx, domain.LedgerEntry{
			ID:            uuid.New(),
			ApplicationID: evt.ApplicationID,
			Source:        domain.SourceKiosk,
			AmountCents:   -evt.AmountCents,
			ProviderRef:   evt.RefundID,
			ReceivedAt:    evt.RefundedAt,
		}); err != nil {
			return err
		}
		_, err := c.Apps.SetStatus(ctx, evt.ApplicationID,
			[]string{domain.StatusPaid, domain.StatusInReview}, domain.StatusRefunded)
		return err
	})
}

func (c *Consumers) onPrinted(ctx context.Context, meta msgkit.Meta, evt TempPermitPrinted) error {
	tp := TempPermit{
		ID:            uuid.New(),
		KioskEventID:  evt.EventID,
		KioskID:       evt.KioskID,
		ApplicationID: evt.ApplicationID,
		Plate:         evt.Plate,
		ZoneCode:      evt.ZoneCode,
		ValidUntil:    evt.ValidUntil,
		PrintedAt:     evt.PrintedAt,
	}
	if err := c.Store.InsertTempPermit(ctx, tp); err != nil {
		return err
	}

	body, err := json.Marshal(map[string]any{
		"temp_permit_id": tp.ID,
		"plate":          tp.Plate,
		"zone":           tp.ZoneCode,
		"valid_until":    tp.ValidUntil,
	})
	if err != nil {
		return msgkit.Permanent(err)
	}
	if _, err := c.Publisher.Publish(ctx, SubjectTempIssued, body,
		jetstream.WithMsgID("temp-permit-"+evt.EventID)); err != nil {
		return fmt.Errorf("announce temp permit: %w", err)
	}
	return nil
}
