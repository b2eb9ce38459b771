// Package transfer creates, reads and cancels transfers and manages the
// sender's saved recipients.
package transfer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/recipient"
	enttransfer "github.com/sendhome/remit/ent/transfer"
	"github.com/sendhome/remit/internal/domain"
	"github.com/sendhome/remit/internal/events"
	"github.com/sendhome/remit/internal/platform/db"
	"github.com/sendhome/remit/internal/store"
)

const scopeCreate = "transfer.create"

type CreateInput struct {
	CustomerID        string
	RateLockID        string
	RecipientID       uuid.UUID
	OriginCallbackURL string
}

type RecipientInput struct {
	CustomerID     string
	FullName       string
	Phone          string
	Country        string
	AccountType    string
	BankCode       string
	AccountNumber  string
	WalletProvider string
}

type Service interface {
	Create(ctx context.Context, in CreateInput, idempotencyKey string) (*ent.Transfer, error)
	Get(ctx context.Context, customerID string, id uuid.UUID) (*ent.Transfer, error)
	Cancel(ctx context.Context, customerID string, id uuid.UUID, reason string) (*ent.Transfer, error)
	AddRecipient(ctx context.Context, in RecipientInput) (*ent.Recipient, error)
}

type service struct {
	client     *ent.Client
	transfers  store.TransferRepo
	recipients store.RecipientRepo
	ledger     store.LedgerRepo
	pub        events.Publisher
	log        *slog.Logger
}

func NewService(client *ent.Client, pub events.Publisher, log *slog.Logger) Service {
	return &service{
		client:     client,
		transfers:  store.NewTransferRepo(client),
		recipients: store.NewRecipientRepo(client),
		ledger:     store.NewLedgerRepo(client),
		pub:        pub,
		log:        log,
	}
}

// Create turns a rate lock into a transfer. The caller's idempotency key is
// claimed in the same transaction that consumes the lock and inserts the
// transfer, so a replay returns the transfer created the first time.
func (s *service) Create(ctx context.Context, in CreateInput, key string) (*ent.Transfer, error) {
	if key == "" {
		return nil, domain.Invalidf("idempotency key is required")
	}
	var out *ent.Transfer
	err := db.WithTx(ctx, s.client, func(tx *ent.Tx) error {
		keys := store.NewIdempotencyRepo(tx.Client())
		prev, claimed, err := keys.Claim(ctx, scopeCreate, in.CustomerID+":"+key, in.CustomerID)
		if err != nil {
			return err
		}
		if !claimed {
			id, err := uuid.Parse(prev.ResourceID)
			if err != nil {
				return fmt.Errorf("idempotency key %q bound to unexpected resource %q", key, prev.ResourceID)
			}
			out, err = tx.Transfer.Get(ctx, id)
			return err
		}

		lock, err := store.NewRateLockRepo(tx.Client()).Consume(ctx, in.RateLockID, time.Now())
		if err != nil {
			return domain.Preconditionf("rate lock %s is not active", in.RateLockID)
		}
		if lock.CustomerID != in.CustomerID {
			return fmt.Errorf("rate lock %s: %w", in.RateLockID, domain.ErrNotFound)
		}
		q, err := tx.Quote.Get(ctx, lock.QuoteID)
		if err != nil {
			return err
		}
		rcp, err := tx.Recipient.Query().
			Where(recipient.ID(in.RecipientID), recipient.CustomerID(in.CustomerID)).
			Only(ctx)
		if err != nil {
			return fmt.Errorf("recipient %s: %w", in.RecipientID, domain.ErrNotFound)
		}
		if string(rcp.AccountType) != q.PayoutMethod {
			return domain.Invalidf("recipient account type %s does not match quote method %s", rcp.AccountType, q.PayoutMethod)
		}
		create := tx.Transfer.Create().
			SetID(uuid.New()).
			SetCustomerID(in.CustomerID).
			SetQuoteID(q.ID).
			SetRateLockID(lock.ID).
			SetRecipientID(rcp.ID).
			SetCorridor(q.Corridor).
			SetPayoutMethod(enttransfer.PayoutMethod(q.PayoutMethod)).
			SetSendAmount(q.SendAmount).
			SetSendCurrency(q.SendCurrency).
			SetReceiveAmount(q.ReceiveAmount).
			SetReceiveCurrency(q.ReceiveCurrency).
			SetFee(q.Fee).
			SetRate(lock.Rate)
		if in.OriginCallbackURL != "" {
			create.SetOriginCallbackURL(in.OriginCallbackURL)
		}
		out, err = create.Save(ctx)
		if err != nil {
			return err
		}
		return keys.Complete(ctx, scopeCreate, in.CustomerID+":"+key, out.ID.String(), nil)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (s *service) Get(ctx context.Context, customerID string, id uuid.UUID) (*ent.Transfer, error) {
	return s.transfers.GetForCustomer(ctx, id, customerID)
}

var cancellable = map[enttransfer.Status]bool{
	enttransfer.StatusCreated: true,
	enttransfer.StatusFunding: true,
	enttransfer.StatusFunded:  true,
	enttransfer.StatusOnHold:  true,
	enttransfer.StatusCleared: true,
}

// Cancel stops a transfer that has not been paid out. Funds already collected
// are moved back to the customer's refundable balance; the refund itself is
// issued separately (RefundTransfer).
func (s *service) Cancel(ctx context.Context, customerID string, id uuid.UUID, reason string) (*ent.Transfer, error) {
	t, err := s.transfers.GetForCustomer(ctx, id, customerID)
	if err != nil {
		return nil, err
	}
	if t.Status == enttransfer.StatusCancelled {
		return t, nil
	}
	if !cancellable[t.Status] {
		return nil, domain.Preconditionf("transfer in status %s cannot be cancelled", t.Status)
	}

	if t.Status != enttransfer.StatusCreated && t.Status != enttransfer.StatusFunding {
		total := t.SendAmount
		entries := store.Pair(t.ID, "customer_funds_held", "customer_refundable:"+t.CustomerID, total, t.SendCurrency, "cancel_reversal")
		for i := range entries {
			entries[i].Memo = reason
		}
		if err := s.ledger.Post(ctx, entries...); err != nil {
			return nil, err
		}
	}

	err = db.WithTx(ctx, s.client, func(tx *ent.Tx) error {
		ok, err := store.NewTransferRepo(tx.Client()).SetStatusFrom(ctx, t.ID, keysOf(cancellable), enttransfer.StatusCancelled)
		if err != nil {
			return err
		}
		if !ok {
			return domain.Preconditionf("transfer %s changed state during cancellation", t.ID)
		}
		return store.NewRateLockRepo(tx.Client()).Release(ctx, t.RateLockID)
	})
	if err != nil {
		return nil, err
	}
	if _, err := s.pub.Publish(ctx, events.TransferCancelled, events.Fields{"transfer_id": t.ID.String()}); err != nil {
		s.log.Warn("publish cancel event", "transfer_id", t.ID, "err", err)
	}
	return s.transfers.Get(ctx, t.ID)
}

func keysOf(m map[enttransfer.Status]bool) []enttransfer.Status {
	out := make([]enttransfer.Status, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// AddRecipient saves a beneficiary. The same account saved twice resolves to
// the existing recipient.
func (s *service) AddRecipient(ctx context.Context, in RecipientInput) (*ent.Recipient, error) {
	at := recipient.AccountType(in.AccountType)
	if err := recipient.AccountTypeValidator(at); err != nil {
		return nil, domain.Invalidf("account type %q", in.AccountType)
	}
	if len(in.Country) != 2 {
		return nil, domain.Invalidf("country must be ISO-3166 alpha-2")
	}
	return s.recipients.Upsert(ctx, &ent.Recipient{
		CustomerID:     in.CustomerID,
		FullName:       strings.TrimSpace(in.FullName),
		Phone:          in.Phone,
		Country:        strings.ToUpper(in.Country),
		AccountType:    at,
		BankCode:       in.BankCode,
		AccountNumber:  in.AccountNumber,
		WalletProvider: in.WalletProvider,
		Fingerprint:    fingerprint(in),
	})
}

func fingerprint(in RecipientInput) string {
	h := sha256.New()
	for _, p := range []string{in.AccountType, strings.ToUpper(in.Country), in.BankCode, in.AccountNumber, in.WalletProvider, in.Phone} {
		h.Write([]byte(strings.ToLower(strings.TrimSpace(p))))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}
