package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/avast/retry-go/v4"
	"github.com/segmentio/ksuid"

	"github.com/gridwell/utilities/internal/domain"
	"github.com/gridwell/utilities/internal/idgen"
	"github.com/gridwell/utilities/internal/providers/bankpartner"
	"github.com/gridwell/utilities/internal/store"
)

// ReturnFeeCents is charged to the account when the bank returns a
// collection unpaid.
const ReturnFeeCents = 500

// MaxCollectionAttempts bounds re-presentments of one bill.
const MaxCollectionAttempts = 3

// DirectDebitService manages mandates and collections with the bank partner.
type DirectDebitService struct {
	tx    store.TxManager
	repos store.Repos
	bank  Bank
	pub   Publisher
	log   *slog.Logger
	now   Clock
}

func NewDirectDebitService(tx store.TxManager, repos store.Repos, bank Bank, pub Publisher, log *slog.Logger, now Clock) *DirectDebitService {
	return &DirectDebitService{tx: tx, repos: repos, bank: bank, pub: pub, log: log, now: now}
}

// MandateCommand registers a SEPA mandate signed by the customer.
type MandateCommand struct {
	AccountID  string
	DebtorName string
	IBAN       string
	SignedAt   time.Time
}

// CreateMandate stores the mandate under a reference derived from the
// account and IBAN, then registers it with the bank using that reference as
// the endToEndId.
func (s *DirectDebitService) CreateMandate(ctx context.Context, cmd MandateCommand) (*domain.Mandate, error) {
	iban := strings.ToUpper(strings.ReplaceAll(cmd.IBAN, " ", ""))
	if len(iban) < 15 {
		return nil, fmt.Errorf("%w: invalid IBAN", domain.ErrInvalidState)
	}
	ref := idgen.Derived("MD", cmd.AccountID, iban)
	m, err := s.repos.Mandates.Upsert(ctx, domain.Mandate{
		ID:         idgen.DerivedUUID(idgen.NamespaceMandate, ref),
		AccountID:  cmd.AccountID,
		MandateRef: ref,
		IBANLast4:  iban[len(iban)-4:],
		Status:     "pending",
		CreatedAt:  s.now(),
	})
	if err != nil {
		return nil, err
	}
	if m.BankMandateID != nil {
		return m, nil
	}
	receipt, err := retry.DoWithData(func() (*bankpartner.MandateReceipt, error) {
		return s.bank.RegisterMandate(ctx, bankpartner.MandateRequest{
			EndToEndID: m.MandateRef,
			MandateRef: m.MandateRef,
			CreditorID: s.bank.CreditorID(),
			DebtorName: cmd.DebtorName,
			DebtorIBAN: iban,
			SignedAt:   cmd.SignedAt.Format("2006-01-02"),
		})
	}, partnerRetry(ctx, s.log, "register_mandate")...)
	if err != nil {
		return nil, fmt.Errorf("register mandate: %w", err)
	}
	status := "active"
	if receipt.Status == "REJECTED" {
		status = "rejected"
	}
	if err := s.repos.Mandates.SetBankMandate(ctx, m.ID, receipt.BankMandateID, status); err != nil {
		return nil, err
	}
	m.BankMandateID, m.Status = &receipt.BankMandateID, status
	return m, nil
}

// CollectCommand asks for an immediate collection of a bill's outstanding
// amount, on behalf of an agent who took the customer's consent by phone.
type CollectCommand struct {
	AccountID      string
	BillID         string
	IdempotencyKey string
}

// CollectNow records the collection under the caller's key in one
// transaction and then submits it with the stored endToEndId.
func (s *DirectDebitService) CollectNow(ctx context.Context, cmd CollectCommand) (*domain.Collection, error) {
	c, err := store.InTx(ctx, s.tx, func(r store.Repos) (*domain.Collection, error) {
		e2e := "CN" + ksuid.New().String()
		rec, claimed, err := r.Idempotency.Claim(ctx, "dd_collect:"+cmd.AccountID, cmd.IdempotencyKey, cmd.BillID, e2e)
		if err != nil {
			return nil, err
		}
		if !claimed {
			if rec.RequestHash != cmd.BillID {
				return nil, domain.ErrIdempotencyKeyReused
			}
			return r.Collections.Get(ctx, rec.ResourceID.String)
		}
		bill, err := r.Bills.GetForUpdate(ctx, cmd.BillID)
		if err != nil {
			return nil, err
		}
		if bill.AccountID != cmd.AccountID || bill.Outstanding() == 0 {
			return nil, fmt.Errorf("%w: nothing to collect", domain.ErrInvalidState)
		}
		m, err := r.Mandates.ActiveForAccount(ctx, cmd.AccountID)
		if err != nil {
			return nil, err
		}
		n, err := r.Collections.CountForBill(ctx, bill.ID)
		if err != nil {
			return nil, err
		}
		c := domain.Collection{
			EndToEndID:  e2e,
			AccountID:   cmd.AccountID,
			BillID:      bill.ID,
			MandateID:   m.ID,
			AmountCents: bill.Outstanding(),
			Status:      "pending",
			Attempt:     n + 1,
			CreatedAt:   s.now(),
		}
		return &c, r.Collections.Insert(ctx, c)
	})
	if err != nil {
		return nil, err
	}
	if c.Status != "pending" {
		return c, nil
	}
	return c, s.submit(ctx, c)
}

func (s *DirectDebitService) submit(ctx context.Context, c *domain.Collection) error {
	m, err := s.repos.Mandates.Get(ctx, c.MandateID)
	if err != nil {
		return err
	}
	req := bankpartner.NewCollection(s.bank.CreditorID(), m.MandateRef).
		Amount(c.AmountCents).
		EndToEnd(c.EndToEndID).
		Remittance("Bill " + c.BillID).
		Build()
	receipt, err := retry.DoWithData(func() (*bankpartner.CollectionReceipt, error) {
		return s.bank.SubmitCollection(ctx, req)
	}, partnerRetry(ctx, s.log, "submit_collection")...)
	if err != nil {
		return fmt.Errorf("submit collection: %w", err)
	}
	c.Status = "submitted"
	c.BankRef = &receipt.BankRef
	return s.repos.Collections.MarkSubmitted(ctx, c.EndToEndID, receipt.BankRef)
}

// SubmitDueCollection is driven by the collection-due events the billing
// scheduler emits on each bill's due date.
func (s *DirectDebitService) SubmitDueCollection(ctx context.Context, evt domain.CollectionDueEvent) error {
	bill, err := s.repos.Bills.Get(ctx, evt.BillID)
	if err != nil {
		return err
	}
	if bill.Outstanding() == 0 {
		return nil
	}
	c := &domain.Collection{
		EndToEndID:  "DD" + ksuid.New().String(),
		AccountID:   evt.AccountID,
		BillID:      bill.ID,
		MandateID:   evt.MandateID,
		AmountCents: bill.Outstanding(),
		Status:      "pending",
		Attempt:     1,
		CreatedAt:   s.now(),
	}
	if err := s.repos.Collections.Insert(ctx, *c); err != nil {
		return err
	}
	return s.submit(ctx, c)
}

// Represent re-submits a collection the bank returned for a reason that
// allows another attempt (insufficient funds and similar).
func (s *DirectDebitService) Represent(ctx context.Context, evt domain.CollectionRepresentEvent) error {
	orig, err := s.repos.Collections.Get(ctx, evt.OriginalEndToEndID)
	if err != nil {
		return err
	}
	attempts, err := s.repos.Collections.CountForBill(ctx, orig.BillID)
	if err != nil {
		return err
	}
	if attempts >= MaxCollectionAttempts {
		s.log.InfoContext(ctx, "collection attempts exhausted", "bill_id", orig.BillID)
		return nil
	}
	m, err := s.repos.Mandates.Get(ctx, orig.MandateID)
	if err != nil {
		return err
	}
	req := bankpartner.NewCollection(s.bank.CreditorID(), m.MandateRef).
		Amount(orig.AmountCents).
		Remittance(fmt.Sprintf("Bill %s (attempt %d)", orig.BillID, attempts+1)).
		On(s.now().AddDate(0, 0, 3)).
		Build()
	receipt, err := s.bank.SubmitCollection(ctx, req)
	if err != nil {
		return fmt.Errorf("re-present collection: %w", err)
	}
	return s.repos.Collections.Insert(ctx, domain.Collection{
		EndToEndID:  receipt.EndToEndID,
		AccountID:   orig.AccountID,
		BillID:      orig.BillID,
		MandateID:   orig.MandateID,
		AmountCents: orig.AmountCents,
		Status:      "submitted",
		Attempt:     attempts + 1,
		BankRef:     &receipt.BankRef,
		CreatedAt:   s.now(),
	})
}

// SettleCollection applies a settled collection to its bill.
func (s *DirectDebitService) SettleCollection(ctx context.Context, evt domain.CollectionSettledEvent) error {
	c, err := s.repos.Collections.Get(ctx, evt.EndToEndID)
	if err != nil {
		return err
	}
	moved, err := s.repos.Collections.MarkSettled(ctx, c.EndToEndID, evt.BankRef)
	if err != nil {
		return err
	}
	if !moved {
		s.log.InfoContext(ctx, "collection already settled", "end_to_end_id", c.EndToEndID)
		return nil
	}
	return s.repos.Bills.ApplyPayment(ctx, c.BillID, evt.AmountCents)
}

// BankEvent is the bank partner's webhook payload.
type BankEvent struct {
	EventID     string `json:"eventId"`
	Type        string `json:"eventType"`
	EndToEndID  string `json:"endToEndId"`
	ReasonCode  string `json:"reasonCode"`
	AmountCents int64  `json:"amount"`
}

// retryableReturnCodes are SEPA return reasons after which the collection
// may be presented again.
var retryableReturnCodes = map[string]bool{"AM04": true, "MS03": true}

// RecordReturn reverses a returned collection: the bill is reopened by the
// returned amount, the return fee is added to the account, and a
// re-presentment is queued when the reason allows it.
func (s *DirectDebitService) RecordReturn(ctx context.Context, evt BankEvent) error {
	c, err := s.repos.Collections.Get(ctx, evt.EndToEndID)
	if err != nil {
		return err
	}
	err = s.tx.WithinTx(ctx, func(r store.Repos) error {
		if err := r.Collections.MarkReturned(ctx, c.EndToEndID, evt.ReasonCode); err != nil {
			return err
		}
		if c.Status == "settled" {
			if err := r.Bills.ApplyPayment(ctx, c.BillID, -c.AmountCents); err != nil {
				return err
			}
		}
		return r.Accounts.AdjustBalance(ctx, c.AccountID, ReturnFeeCents)
	})
	if err != nil {
		return err
	}
	if !retryableReturnCodes[evt.ReasonCode] {
		return nil
	}
	payload, err := json.Marshal(domain.CollectionRepresentEvent{OriginalEndToEndID: c.EndToEndID, ReturnReason: evt.ReasonCode})
	if err != nil {
		return err
	}
	msg := message.NewMessage(watermill.NewUUID(), payload)
	msg.Metadata.Set("account_id", c.AccountID)
	return s.pub.Publish(domain.TopicCollectionRepresent, msg)
}

// ErrUnknownBankEvent is returned for event types the service ignores.
var ErrUnknownBankEvent = errors.New("unknown bank event type")
