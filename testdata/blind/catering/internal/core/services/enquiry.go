package services

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

const scopeEnquirySubmit = "enquiry.submit"

type EnquiryService struct {
	tx        ports.Transactor
	customers ports.CustomerRepository
	enquiries ports.EnquiryRepository
	idem      ports.IdempotencyStore
	clock     ports.Clock
}

func NewEnquiryService(tx ports.Transactor, customers ports.CustomerRepository, enquiries ports.EnquiryRepository,
	idem ports.IdempotencyStore, clock ports.Clock) *EnquiryService {
	return &EnquiryService{tx: tx, customers: customers, enquiries: enquiries, idem: idem, clock: clock}
}

// Submit records a new enquiry from the public website form. The form posts
// with an Idempotency-Key generated when the page loads.
func (s *EnquiryService) Submit(ctx context.Context, cmd ports.SubmitEnquiry) (domain.Enquiry, error) {
	if err := requireKey(cmd.IdempotencyKey); err != nil {
		return domain.Enquiry{}, err
	}
	if strings.TrimSpace(cmd.Name) == "" {
		return domain.Enquiry{}, domain.Invalid("name", "required")
	}
	email := domain.NormalizeEmail(cmd.Email)
	if !strings.Contains(email, "@") {
		return domain.Enquiry{}, domain.Invalid("email", "invalid")
	}
	hash := requestHash(cmd)
	now := s.clock.Now()

	var out domain.Enquiry
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		rec, claimed, err := s.idem.Claim(ctx, scopeEnquirySubmit, cmd.IdempotencyKey, hash)
		if err != nil {
			return err
		}
		if !claimed {
			out, err = replay[domain.Enquiry](rec, hash)
			return err
		}

		cust, err := s.customers.UpsertByEmail(ctx, domain.Customer{
			ID:    uuid.New(),
			Name:  strings.TrimSpace(cmd.Name),
			Email: email,
			Phone: cmd.Phone,
		})
		if err != nil {
			return err
		}
		enq := domain.Enquiry{
			ID:          uuid.New(),
			CustomerID:  cust.ID,
			VenueID:     cmd.VenueID,
			EventDate:   cmd.EventDate,
			GuestCount:  cmd.GuestCount,
			Style:       cmd.Style,
			BudgetCents: cmd.BudgetCents,
			Notes:       cmd.Notes,
			Status:      domain.EnquiryNew,
			CreatedAt:   now,
		}
		if err := enq.Validate(now); err != nil {
			return err
		}
		if err := s.enquiries.Insert(ctx, enq); err != nil {
			return err
		}
		body, err := json.Marshal(enq)
		if err != nil {
			return err
		}
		out = enq
		return s.idem.Complete(ctx, scopeEnquirySubmit, cmd.IdempotencyKey, http.StatusCreated, body)
	})
	return out, err
}

func (s *EnquiryService) Get(ctx context.Context, id uuid.UUID) (domain.Enquiry, error) {
	return s.enquiries.Get(ctx, id)
}
