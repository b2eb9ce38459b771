package services

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/quillpress/apcdesk/internal/domain"
)

// InvoiceService implements domain.InvoiceService.
type InvoiceService struct {
	store        domain.Store
	prices       PriceList
	log          *slog.Logger
	now          Clock
	paymentTerms time.Duration
}

var _ domain.InvoiceService = (*InvoiceService)(nil)

// InvoiceOption customises an InvoiceService.
type InvoiceOption func(*InvoiceService)

// WithPaymentTerms overrides the default 30-day terms.
func WithPaymentTerms(d time.Duration) InvoiceOption {
	return func(s *InvoiceService) { s.paymentTerms = d }
}

// WithInvoiceClock pins the clock.
func WithInvoiceClock(c Clock) InvoiceOption {
	return func(s *InvoiceService) { s.now = c }
}

// NewInvoiceService wires an InvoiceService.
func NewInvoiceService(store domain.Store, prices PriceList, log *slog.Logger, opts ...InvoiceOption) *InvoiceService {
	s := &InvoiceService{
		store:        store,
		prices:       prices,
		log:          log.With("service", "invoices"),
		now:          UTC,
		paymentTerms: 30 * 24 * time.Hour,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// IssueForAcceptance raises the APC invoice for an accepted manuscript.
// The editorial system may publish the same acceptance more than once, so
// the insert is keyed on the manuscript.
func (s *InvoiceService) IssueForAcceptance(ctx context.Context, ev domain.ManuscriptAccepted) (domain.Invoice, error) {
	if ev.ManuscriptID == "" || ev.JournalCode == "" {
		return domain.Invoice{}, domain.Invalid("manuscript_id", "manuscript and journal are required")
	}
	price, err := s.prices.Quote(ev.JournalCode, ev.ArticleType, ev.Currency)
	if err != nil {
		return domain.Invoice{}, err
	}
	if price == 0 {
		s.log.InfoContext(ctx, "article type carries no APC", "manuscript", ev.ManuscriptID, "type", ev.ArticleType)
		return domain.Invoice{}, nil
	}
	number, err := s.store.Invoices().NextNumber(ctx, ev.JournalCode)
	if err != nil {
		return domain.Invoice{}, err
	}
	issued := s.now()
	inv := domain.Invoice{
		ID:             uuid.NewString(),
		Number:         number,
		Kind:           domain.InvoiceKindAPC,
		ManuscriptID:   ev.ManuscriptID,
		ArticleID:      ev.ArticleID,
		DOI:            ev.DOI,
		ArticleTitle:   ev.Title,
		ArticleType:    ev.ArticleType,
		JournalCode:    strings.ToUpper(ev.JournalCode),
		PayerType:      domain.PayerAuthor,
		PayerName:      ev.CorrespondingName,
		PayerEmail:     ev.CorrespondingMail,
		InstitutionID:  ev.InstitutionID,
		Currency:       strings.ToUpper(ev.Currency),
		ListPriceCents: price,
		AmountDueCents: price,
		Status:         domain.InvoiceOpen,
		IssuedAt:       issued,
		DueAt:          issued.Add(s.paymentTerms),
	}
	created, err := s.store.Invoices().CreateAPCIfAbsent(ctx, &inv)
	if err != nil {
		return domain.Invoice{}, fmt.Errorf("create apc invoice for %s: %w", ev.ManuscriptID, err)
	}
	if !created {
		s.log.InfoContext(ctx, "apc invoice already exists", "manuscript", ev.ManuscriptID)
		return s.store.Invoices().ByManuscript(ctx, ev.ManuscriptID)
	}

	msg, err := newOutboxMessage(domain.TopicBilling, inv.ID, domain.EventInvoiceIssued,
		domain.InvoiceIssued{InvoiceID: inv.ID, Number: inv.Number})
	if err != nil {
		return domain.Invoice{}, err
	}
	if err := s.store.Outbox().Enqueue(ctx, msg); err != nil {
		return domain.Invoice{}, fmt.Errorf("queue invoice.issued for %s: %w", inv.Number, err)
	}
	s.log.InfoContext(ctx, "apc invoice issued", "invoice", inv.Number, "manuscript", ev.ManuscriptID, "amount", price)
	return inv, nil
}

type supplementaryResponse struct {
	InvoiceID string `json:"invoice_id"`
}

// CreateSupplementary raises a hand-made invoice. Clients send an
// Idempotency-Key; a repeat of a completed request returns the same invoice.
func (s *InvoiceService) CreateSupplementary(ctx context.Context, key string, req domain.NewSupplementaryInvoice) (domain.Invoice, error) {
	if key == "" {
		return domain.Invoice{}, domain.Invalid("Idempotency-Key", "header is required")
	}
	if err := validateSupplementary(req); err != nil {
		return domain.Invoice{}, err
	}
	hash := hashRequest(req)

	prev, err := s.store.Idempotency().Get(ctx, key)
	switch {
	case err == nil:
		if prev.RequestHash != hash {
			return domain.Invoice{}, domain.ErrKeyReuse
		}
		var ref supplementaryResponse
		if err := json.Unmarshal(prev.Body, &ref); err != nil {
			return domain.Invoice{}, fmt.Errorf("decode stored response: %w", err)
		}
		return s.store.Invoices().Get(ctx, ref.InvoiceID)
	case !errors.Is(err, domain.ErrNotFound):
		return domain.Invoice{}, err
	}

	issued := s.now()
	inv := domain.Invoice{
		ID:             uuid.NewString(),
		Kind:           domain.InvoiceKindSupplementary,
		ManuscriptID:   req.ManuscriptID,
		JournalCode:    strings.ToUpper(req.JournalCode),
		PayerType:      req.PayerType,
		PayerName:      req.PayerName,
		PayerEmail:     req.PayerEmail,
		Currency:       strings.ToUpper(req.Currency),
		ListPriceCents: req.AmountCents,
		AmountDueCents: req.AmountCents,
		Status:         domain.InvoiceOpen,
		IssuedAt:       issued,
		DueAt:          issued.AddDate(0, 0, req.DueInDays),
	}
	err = s.store.Tx(ctx, func(tx domain.Store) error {
		number, err := tx.Invoices().NextNumber(ctx, inv.JournalCode)
		if err != nil {
			return err
		}
		inv.Number = number
		if err := tx.Invoices().Create(ctx, &inv); err != nil {
			return err
		}
		msg, err := newOutboxMessage(domain.TopicBilling, inv.ID, domain.EventInvoiceIssued,
			domain.InvoiceIssued{InvoiceID: inv.ID, Number: inv.Number})
		if err != nil {
			return err
		}
		return tx.Outbox().Enqueue(ctx, msg)
	})
	if err != nil {
		return domain.Invoice{}, fmt.Errorf("create supplementary invoice: %w", err)
	}

	body, _ := json.Marshal(supplementaryResponse{InvoiceID: inv.ID})
	if err := s.store.Idempotency().Save(ctx, domain.StoredResponse{
		Key:         key,
		Scope:       "invoices.create",
		RequestHash: hash,
		Status:      201,
		Body:        body,
	}); err != nil {
		s.log.WarnContext(ctx, "could not store idempotency key", "key", key, "err", err)
	}
	return inv, nil
}

func validateSupplementary(req domain.NewSupplementaryInvoice) error {
	if req.PayerType != domain.PayerAuthor && req.PayerType != domain.PayerInstitution {
		return domain.Invalid("payer_type", "must be author or institution")
	}
	if req.AmountCents <= 0 || req.DueInDays <= 0 || req.DueInDays > 120 {
		return domain.Invalid("amount_cents", "amount must be positive and terms at most 120 days")
	}
	return nil
}

func hashRequest(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Get returns one invoice.
func (s *InvoiceService) Get(ctx context.Context, id string) (domain.Invoice, error) {
	if _, err := uuid.Parse(id); err != nil {
		return domain.Invoice{}, domain.ErrNotFound
	}
	return s.store.Invoices().Get(ctx, id)
}

// Void cancels an open invoice.
func (s *InvoiceService) Void(ctx context.Context, id, actor, reason string) error {
	return s.store.Tx(ctx, func(tx domain.Store) error {
		ok, err := tx.Invoices().Transition(ctx, id, domain.InvoiceVoid, domain.InvoiceOpen)
		if err != nil {
			return err
		}
		if !ok {
			inv, err := tx.Invoices().Get(ctx, id)
			if err != nil {
				return err
			}
			if inv.Status == domain.InvoiceVoid {
				return nil
			}
			return fmt.Errorf("%w: invoice is %s", domain.ErrConflict, inv.Status)
		}
		msg, err := newOutboxMessage(domain.TopicBilling, id, domain.EventInvoiceVoided,
			map[string]string{"invoice_id": id, "reason": reason})
		if err != nil {
			return err
		}
		if err := tx.Outbox().Enqueue(ctx, msg); err != nil {
			return err
		}
		appendAudit(ctx, tx, s.log, actor, "invoice.void", id, map[string]any{"reason": reason})
		return nil
	})
}

// Reprice applies the price difference when a manuscript is transferred
// to another journal before payment. The invoice keeps its number and
// original journal; the adjustment row carries the difference.
func (s *InvoiceService) Reprice(ctx context.Context, ev domain.ManuscriptTransferred) error {
	inv, err := s.store.Invoices().ByManuscript(ctx, ev.ManuscriptID)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.InfoContext(ctx, "transfer before invoicing, nothing to reprice", "manuscript", ev.ManuscriptID)
		return nil
	}
	if err != nil {
		return err
	}
	if inv.Status != domain.InvoiceOpen {
		s.log.InfoContext(ctx, "invoice no longer open, transfer not repriced", "invoice", inv.Number, "status", inv.Status)
		return nil
	}
	from, err := s.prices.Quote(ev.FromJournal, ev.ArticleType, inv.Currency)
	if err != nil {
		return err
	}
	to, err := s.prices.Quote(ev.ToJournal, ev.ArticleType, inv.Currency)
	if err != nil {
		return err
	}
	delta := to - from
	if delta == 0 {
		return nil
	}
	adj := domain.Adjustment{
		ID:         uuid.NewString(),
		InvoiceID:  inv.ID,
		DeltaCents: delta,
		Reason:     fmt.Sprintf("transfer %s -> %s", ev.FromJournal, ev.ToJournal),
		CreatedAt:  s.now(),
	}
	if err := s.store.Invoices().AddAdjustment(ctx, adj); err != nil {
		return fmt.Errorf("reprice %s: %w", inv.Number, err)
	}
	s.log.InfoContext(ctx, "invoice repriced after transfer", "invoice", inv.Number, "delta", delta)
	return nil
}

const withdrawalConsumer = "invoices.withdrawal"

// Withdraw voids the APC invoice of a withdrawn manuscript and returns
// agreement credit that was drawn for it.
func (s *InvoiceService) Withdraw(ctx context.Context, eventID string, ev domain.ManuscriptWithdrawn) error {
	return s.store.Tx(ctx, func(tx domain.Store) error {
		first, err := tx.ProcessedEvents().Claim(ctx, withdrawalConsumer, eventID)
		if err != nil {
			return err
		}
		if !first {
			return nil
		}
		inv, err := tx.Invoices().ByManuscript(ctx, ev.ManuscriptID)
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		switch inv.Status {
		case domain.InvoiceOpen:
			if _, err := tx.Invoices().Transition(ctx, inv.ID, domain.InvoiceVoid, domain.InvoiceOpen); err != nil {
				return err
			}
		case domain.InvoiceSettled:
			if err := tx.Agreements().Credit(ctx, inv.AgreementID, inv.AmountDueCents); err != nil {
				return fmt.Errorf("release credit for %s: %w", inv.Number, err)
			}
			if err := tx.Agreements().AppendLedger(ctx, domain.LedgerEntry{
				ID:          uuid.NewString(),
				AgreementID: inv.AgreementID,
				InvoiceID:   inv.ID,
				Kind:        domain.LedgerRelease,
				AmountCents: inv.AmountDueCents,
				SourceRef:   "withdrawal:" + ev.ManuscriptID,
			}); err != nil {
				return err
			}
			if _, err := tx.Invoices().Transition(ctx, inv.ID, domain.InvoiceVoid, domain.InvoiceSettled); err != nil {
				return err
			}
		case domain.InvoicePaid:
			s.log.WarnContext(ctx, "withdrawn manuscript was paid by card; refund via finance", "invoice", inv.Number)
			return nil
		default:
			return nil
		}
		msg, err := newOutboxMessage(domain.TopicBilling, inv.ID, domain.EventInvoiceVoided,
			map[string]string{"invoice_id": inv.ID, "reason": "withdrawn: " + ev.Reason})
		if err != nil {
			return err
		}
		return tx.Outbox().Enqueue(ctx, msg)
	})
}
