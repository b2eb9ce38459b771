package service

import (
	"context"
	"net/mail"
	"regexp"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/store"
)

// Residents manages resident contact preferences.
type Residents interface {
	UpdateContact(ctx context.Context, residentID uuid.UUID, in ContactInput) (*permits.Resident, error)
}

// ContactInput is the body of PUT /v1/residents/me/contact.
type ContactInput struct {
	FullName   string `json:"full_name"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	SMSOptIn   bool   `json:"sms_opt_in"`
	EmailOptIn bool   `json:"email_opt_in"`
	Locale     string `json:"locale"`
}

var e164 = regexp.MustCompile(`^\+[1-9][0-9]{7,14}$`)

type residentService struct {
	pool      *pgxpool.Pool
	residents store.ResidentRepo
}

// NewResidents builds the Residents service.
func NewResidents(pool *pgxpool.Pool, residents store.ResidentRepo) Residents {
	return &residentService{pool: pool, residents: residents}
}

func (s *residentService) UpdateContact(ctx context.Context, residentID uuid.UUID, in ContactInput) (*permits.Resident, error) {
	in.FullName = strings.TrimSpace(in.FullName)
	if in.FullName == "" {
		return nil, validation("full_name is required")
	}
	addr, err := mail.ParseAddress(in.Email)
	if err != nil {
		return nil, validation("invalid email")
	}
	if in.Phone != "" && !e164.MatchString(in.Phone) {
		return nil, validation("phone must be in E.164 format")
	}
	if in.SMSOptIn && in.Phone == "" {
		return nil, validation("sms_opt_in needs a phone number")
	}
	if in.Locale == "" {
		in.Locale = "en"
	}
	r := &permits.Resident{
		ID:         residentID,
		FullName:   in.FullName,
		Email:      addr.Address,
		PhoneE164:  in.Phone,
		SMSOptIn:   in.SMSOptIn,
		EmailOptIn: in.EmailOptIn,
		Locale:     in.Locale,
	}
	if err := s.residents.UpsertContact(ctx, s.pool, r); err != nil {
		return nil, err
	}
	return r, nil
}
