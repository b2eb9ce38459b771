package service

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/ironvault/pawnline/internal/domain"
)

type CustomerService struct {
	tx        Transactor
	customers CustomerRepository
	now       Clock
}

func NewCustomerService(tx Transactor, customers CustomerRepository, now Clock) *CustomerService {
	return &CustomerService{tx: tx, customers: customers, now: now}
}

type RegisterCustomerInput struct {
	BranchID    string    `json:"branch_id"`
	FirstName   string    `json:"first_name"`
	LastName    string    `json:"last_name"`
	DateOfBirth time.Time `json:"date_of_birth"`
	Phone       string    `json:"phone"`
	Email       string    `json:"email"`
	IDDocType   string    `json:"id_doc_type"`
	IDDocNumber string    `json:"id_doc_number"`
	IDDocState  string    `json:"id_doc_state"`
	SMSOptIn    bool      `json:"sms_opt_in"`
}

func (in RegisterCustomerInput) validate(now time.Time) error {
	switch {
	case in.BranchID == "":
		return domain.Invalid("branch_id", "required")
	case strings.TrimSpace(in.FirstName) == "" || strings.TrimSpace(in.LastName) == "":
		return domain.Invalid("name", "first and last name are required")
	case !domain.ValidIDDocType(in.IDDocType):
		return domain.Invalid("id_doc_type", "unsupported document")
	case in.IDDocNumber == "":
		return domain.Invalid("id_doc_number", "required")
	case in.DateOfBirth.IsZero():
		return domain.Invalid("date_of_birth", "required")
	case in.DateOfBirth.AddDate(18, 0, 0).After(now):
		return domain.Invalid("date_of_birth", "customer must be 18 or older")
	}
	return nil
}

// Register records a new customer from an ID scan at intake.
func (s *CustomerService) Register(ctx context.Context, in RegisterCustomerInput) (domain.Customer, error) {
	now := s.now()
	if err := in.validate(now); err != nil {
		return domain.Customer{}, err
	}
	c := domain.Customer{
		ID:          uuid.New(),
		BranchID:    in.BranchID,
		FirstName:   strings.TrimSpace(in.FirstName),
		LastName:    strings.TrimSpace(in.LastName),
		DateOfBirth: domain.Date(in.DateOfBirth),
		Phone:       optional(normalizePhone(in.Phone)),
		Email:       optional(strings.ToLower(strings.TrimSpace(in.Email))),
		IDDocType:   in.IDDocType,
		IDDocNumber: strings.ToUpper(strings.TrimSpace(in.IDDocNumber)),
		IDDocState:  optional(strings.ToUpper(in.IDDocState)),
		CreatedAt:   now,
	}
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.customers.Insert(ctx, c); err != nil {
			return fmt.Errorf("insert customer: %w", err)
		}
		if in.SMSOptIn && c.Phone != nil {
			return s.customers.SetConsent(ctx, domain.Consent{
				CustomerID: c.ID,
				Channel:    domain.ChannelSMS,
				Granted:    true,
				Source:     "intake",
				UpdatedAt:  now,
			})
		}
		return nil
	})
	if err != nil {
		return domain.Customer{}, err
	}
	return c, nil
}

func (s *CustomerService) Get(ctx context.Context, id uuid.UUID) (domain.Customer, error) {
	return s.customers.Get(ctx, id)
}

// SetConsent records a customer's messaging preference for one channel.
func (s *CustomerService) SetConsent(ctx context.Context, customerID uuid.UUID, channel domain.Channel, granted bool, source string) error {
	if channel != domain.ChannelSMS && channel != domain.ChannelEmail {
		return domain.Invalid("channel", "must be sms or email")
	}
	if _, err := s.customers.Get(ctx, customerID); err != nil {
		return err
	}
	return s.customers.SetConsent(ctx, domain.Consent{
		CustomerID: customerID,
		Channel:    channel,
		Granted:    granted,
		Source:     source,
		UpdatedAt:  s.now(),
	})
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// normalizePhone reduces a US number to E.164. Anything else is kept as typed.
func normalizePhone(p string) string {
	var digits strings.Builder
	for _, r := range p {
		if r >= '0' && r <= '9' {
			digits.WriteRune(r)
		}
	}
	d := digits.String()
	switch len(d) {
	case 0:
		return ""
	case 10:
		return "+1" + d
	case 11:
		if d[0] == '1' {
			return "+" + d
		}
	}
	return strings.TrimSpace(p)
}
