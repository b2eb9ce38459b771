// Package importers implements importer profile operations.
package importers

import (
	"context"
	"errors"

	"github.com/harborline/brokerage/internal/domain"
	"github.com/harborline/brokerage/internal/repository"
	"github.com/harborline/brokerage/internal/service/svcerr"
)

// Service is the importer-profile use-case boundary.
type Service interface {
	PutContact(ctx context.Context, importerID string, in ContactInput) (*domain.ImporterContact, error)
}

// ContactInput is the body of PUT /v1/importers/:id/contact.
type ContactInput struct {
	Phone    string `json:"phone" binding:"omitempty,e164"`
	Email    string `json:"email" binding:"omitempty,email"`
	SMSOptIn bool   `json:"sms_opt_in"`
}

type service struct {
	importers repository.ImporterRepository
}

// New returns the importer service.
func New(importers repository.ImporterRepository) *service { return &service{importers: importers} }

func (s *service) PutContact(ctx context.Context, importerID string, in ContactInput) (*domain.ImporterContact, error) {
	if _, err := s.importers.Get(ctx, importerID); err != nil {
		return nil, svcerr.FromRepo(err)
	}
	if in.SMSOptIn && in.Phone == "" {
		return nil, svcerr.Invalid("sms_opt_in requires a phone number")
	}
	c := &domain.ImporterContact{ImporterID: importerID, Phone: in.Phone, Email: in.Email, SMSOptIn: in.SMSOptIn}
	if err := s.importers.UpsertContact(ctx, c); err != nil {
		if errors.Is(err, repository.ErrNotFound) {
			return nil, svcerr.ErrNotFound
		}
		return nil, err
	}
	return c, nil
}
