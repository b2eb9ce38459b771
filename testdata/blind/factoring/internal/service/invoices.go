package service

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/events"
	"github.com/kestrelfin/factoring/internal/repo"
	"github.com/kestrelfin/factoring/internal/tasks"
)

// Invoicing covers the invoice lifecycle seen by suppliers and debtors.
type Invoicing interface {
	Upload(ctx context.Context, cmd UploadInvoiceCmd) (*domain.Invoice, bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Invoice, error)
	RequestFunding(ctx context.Context, cmd RequestFundingCmd) (*domain.Offer, error)
	RaiseDispute(ctx context.Context, cmd RaiseDisputeCmd) (*domain.Dispute, error)
	ConfirmByDebtor(ctx context.Context, token string) (*domain.Invoice, error)
}

type DebtorInput struct {
	RegistrationNumber string `json:"registration_number"`
	Country            string `json:"country"`
	LegalName          string `json:"legal_name"`
	BillingEmail       string `json:"billing_email"`
	AddressLine1       string `json:"address_line1"`
	AddressLine2       string `json:"address_line2"`
	City               string `json:"city"`
	Postcode           string `json:"postcode"`
}

type UploadInvoiceCmd struct {
	IdempotencyKey string      `json:"-"`
	SupplierID     uuid.UUID   `json:"supplier_id"`
	InvoiceNumber  string      `json:"invoice_number"`
	Currency       string      `json:"currency"`
	FaceValueMinor int64       `json:"face_value_minor"`
	IssueDate      time.Time   `json:"issue_date"`
	DueDate        time.Time   `json:"due_date"`
	DocumentURL    string      `json:"document_url"`
	Debtor         DebtorInput `json:"debtor"`
}

func (c UploadInvoiceCmd) hash() string {
	b, _ := json.Marshal(c)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

type RequestFundingCmd struct {
	InvoiceID      uuid.UUID
	SupplierID     uuid.UUID
	RequestedMinor int64
}

type RaiseDisputeCmd struct {
	InvoiceID  uuid.UUID
	RaisedBy   string
	ReasonCode string
	Details    string
}

type InvoiceService struct {
	store  repo.Store
	pricer *Pricer
	clock  Clock
	newID  func() uuid.UUID
	log    *slog.Logger
}

func NewInvoiceService(store repo.Store, pricer *Pricer, clock Clock, log *slog.Logger) *InvoiceService {
	return &InvoiceService{store: store, pricer: pricer, clock: clock, newID: uuid.New, log: log.With("svc", "invoices")}
}

// Upload registers an invoice. The caller's idempotency key is claimed in
// the same transaction as the invoice; a replay returns the stored invoice.
func (s *InvoiceService) Upload(ctx context.Context, cmd UploadInvoiceCmd) (*domain.Invoice, bool, error) {
	if cmd.IdempotencyKey == "" {
		return nil, false, fmt.Errorf("%w: Idempotency-Key header is required", ErrValidation)
	}
	if cmd.FaceValueMinor <= 0 || cmd.InvoiceNumber == "" || cmd.DueDate.Before(cmd.IssueDate) {
		return nil, false, fmt.Errorf("%w: invoice amount, number or dates", ErrValidation)
	}
	scope := "invoice.upload:" + cmd.SupplierID.String()
	hash := cmd.hash()
	now := s.clock.Now()

	var (
		out      *domain.Invoice
		replayed bool
	)
	err := s.store.InTx(ctx, func(tx repo.Store) error {
		claimed, existing, err := tx.Idempotency().Claim(ctx, scope, cmd.IdempotencyKey, hash)
		if err != nil {
			return err
		}
		if !claimed {
			if existing.RequestHash != hash {
				return ErrIdempotencyMismatch
			}
			out, err = tx.Invoices().GetBySupplierNumber(ctx, cmd.SupplierID, cmd.InvoiceNumber)
			replayed = true
			return err
		}

		debtor, err := tx.Debtors().Upsert(ctx, &domain.Debtor{
			ID:                 uuid.New(),
			RegistrationNumber: cmd.Debtor.RegistrationNumber,
			Country:            cmd.Debtor.Country,
			LegalName:          cmd.Debtor.LegalName,
			BillingEmail:       cmd.Debtor.BillingEmail,
			AddressLine1:       cmd.Debtor.AddressLine1,
			AddressLine2:       cmd.Debtor.AddressLine2,
			City:               cmd.Debtor.City,
			Postcode:           cmd.Debtor.Postcode,
			CreatedAt:          now,
			UpdatedAt:          now,
		})
		if err != nil {
			return err
		}
		inv := &domain.Invoice{
			ID:             uuid.New(),
			SupplierID:     cmd.SupplierID,
			DebtorID:       debtor.ID,
			InvoiceNumber:  cmd.InvoiceNumber,
			Currency:       cmd.Currency,
			FaceValueMinor: cmd.FaceValueMinor,
			IssueDate:      cmd.IssueDate,
			DueDate:        cmd.DueDate,
			Status:         domain.InvoiceUploaded,
			DocumentURL:    cmd.DocumentURL,
			ConfirmToken:   newToken(),
			CreatedAt:      now,
			UpdatedAt:      now,
		}
		if err := tx.Invoices().Create(ctx, inv); err != nil {
			return err
		}
		out = inv
		return events.Emit(ctx, tx.Outbox(), events.InvoiceUploaded{
			InvoiceID:  inv.ID,
			SupplierID: inv.SupplierID,
			DebtorID:   inv.DebtorID,
			FaceValue:  inv.FaceValueMinor,
			Currency:   inv.Currency,
		})
	})
	if err != nil {
		return nil, false, err
	}
	return out, replayed, nil
}

func (s *InvoiceService) Get(ctx context.Context, id uuid.UUID) (*domain.Invoice, error) {
	return s.store.Invoices().Get(ctx, id)
}

// RequestFunding opens a funding request on a debtor-confirmed invoice,
// reserves the supplier's credit and returns the priced offer.
func (s *InvoiceService) RequestFunding(ctx context.Context, cmd RequestFundingCmd) (*domain.Offer, error) {
	inv, err := s.store.Invoices().Get(ctx, cmd.InvoiceID)
	if err != nil {
		return nil, err
	}
	if inv.SupplierID != cmd.SupplierID {
		return nil, repo.ErrNotFound
	}
	if inv.Status != domain.InvoiceConfirmed {
		return nil, fmt.Errorf("%w: invoice is %s", ErrInvalidState, inv.Status)
	}
	now := s.clock.Now()
	fr := &domain.FundingRequest{
		ID:             uuid.New(),
		InvoiceID:      inv.ID,
		SupplierID:     inv.SupplierID,
		RequestedMinor: cmd.RequestedMinor,
		Status:         "open",
		CreatedAt:      now,
	}
	offer := s.pricer.Quote(inv, cmd.RequestedMinor, fr.ID, now)

	err = s.store.InTx(ctx, func(tx repo.Store) error {
		if err := tx.Suppliers().Reserve(ctx, inv.SupplierID, offer.AdvanceMinor); err != nil {
			return err
		}
		if err := tx.Funding().CreateRequest(ctx, fr); err != nil {
			return err
		}
		return tx.Funding().CreateOffer(ctx, offer)
	})
	if errors.Is(err, repo.ErrInsufficientHeadroom) {
		return nil, fmt.Errorf("%w: credit limit reached", ErrInvalidState)
	}
	if err != nil {
		return nil, err
	}
	return offer, nil
}

// RaiseDispute records a dispute against an invoice and freezes it.
func (s *InvoiceService) RaiseDispute(ctx context.Context, cmd RaiseDisputeCmd) (*domain.Dispute, error) {
	if cmd.ReasonCode == "" {
		return nil, fmt.Errorf("%w: reason_code", ErrValidation)
	}
	d := &domain.Dispute{
		ID:         s.newID(),
		InvoiceID:  cmd.InvoiceID,
		RaisedBy:   cmd.RaisedBy,
		ReasonCode: cmd.ReasonCode,
		Details:    cmd.Details,
		Status:     "open",
		CreatedAt:  s.clock.Now(),
	}
	err := s.store.InTx(ctx, func(tx repo.Store) error {
		inv, err := tx.Invoices().GetForUpdate(ctx, cmd.InvoiceID)
		if err != nil {
			return err
		}
		if inv.Status == domain.InvoiceSettled {
			return fmt.Errorf("%w: invoice already settled", ErrInvalidState)
		}
		if err := tx.Disputes().Create(ctx, d); err != nil {
			return err
		}
		if err := tx.Invoices().SetStatus(ctx, inv.ID, domain.InvoiceDisputed); err != nil {
			return err
		}
		return events.Emit(ctx, tx.Outbox(), events.InvoiceDisputed{
			InvoiceID: inv.ID, DisputeID: d.ID, ReasonCode: d.ReasonCode,
		})
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// ConfirmByDebtor records the debtor's confirmation of the invoice through
// the portal link and queues the notices of assignment.
func (s *InvoiceService) ConfirmByDebtor(ctx context.Context, token string) (*domain.Invoice, error) {
	var out *domain.Invoice
	err := s.store.InTx(ctx, func(tx repo.Store) error {
		inv, changed, err := tx.Invoices().ConfirmByToken(ctx, token, s.clock.Now())
		if err != nil {
			return err
		}
		out = inv
		if !changed {
			if inv.DebtorConfirmedAt == nil {
				return fmt.Errorf("%w: invoice is %s", ErrInvalidState, inv.Status)
			}
			return nil
		}
		notice, err := tx.Notices().CreateIfAbsent(ctx, &domain.Notice{
			ID:        uuid.New(),
			InvoiceID: inv.ID,
			DebtorID:  inv.DebtorID,
			Kind:      domain.NoticeAssignment,
			Channel:   domain.ChannelPost,
			Status:    domain.NoticePending,
			CreatedAt: s.clock.Now(),
		})
		if err != nil {
			return err
		}
		if _, err := tasks.Enqueue(ctx, tx.Tasks(), tasks.NoticeSendPost{NoticeID: notice.ID}); err != nil {
			return err
		}
		_, err = tasks.Enqueue(ctx, tx.Tasks(), tasks.NoticeSendEmail{InvoiceID: inv.ID, Kind_: domain.NoticeAssignment})
		return err
	})
	return out, err
}

func newToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
