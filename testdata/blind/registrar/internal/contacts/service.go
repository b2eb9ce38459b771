// Package contacts manages registrant contacts, which live both in our
// database and at the registry.
package contacts

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/model"
	"github.com/tldhouse/registrar/internal/registry"
)

type Store interface {
	Insert(ctx context.Context, c model.Contact) error
	List(ctx context.Context, accountID uuid.UUID) ([]model.Contact, error)
}

type Registry interface {
	CreateContact(ctx context.Context, req *registry.ContactCreate, opts ...registry.Option) (*registry.ContactData, error)
}

type Service struct {
	store    Store
	registry Registry
	prefix   string
}

func NewService(store Store, reg Registry) *Service {
	return &Service{store: store, registry: reg, prefix: "TDH"}
}

type Input struct {
	FullName     string `json:"full_name" binding:"required"`
	Organization string `json:"organization"`
	Email        string `json:"email" binding:"required,email"`
	Phone        string `json:"phone" binding:"required"`
	Street       string `json:"street" binding:"required"`
	City         string `json:"city" binding:"required"`
	PostalCode   string `json:"postal_code" binding:"required"`
	CountryCode  string `json:"country_code" binding:"required,len=2"`
}

// handleFor derives the registry handle (at most 16 characters) from the
// contact id.
func (s *Service) handleFor(id uuid.UUID) string {
	return s.prefix + "-" + strings.ToUpper(strings.ReplaceAll(id.String(), "-", "")[:12])
}

func contactAuth() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// Create creates the contact at the registry and stores it.
func (s *Service) Create(ctx context.Context, accountID uuid.UUID, in Input) (model.Contact, error) {
	c := model.Contact{
		ID:           uuid.New(),
		AccountID:    accountID,
		FullName:     in.FullName,
		Organization: in.Organization,
		Email:        in.Email,
		Phone:        in.Phone,
		Street:       in.Street,
		City:         in.City,
		PostalCode:   in.PostalCode,
		CountryCode:  strings.ToUpper(in.CountryCode),
		CreatedAt:    time.Now().UTC(),
	}
	c.RegistryHandle = s.handleFor(c.ID)
	if _, err := s.registry.CreateContact(ctx, &registry.ContactCreate{
		Handle:       c.RegistryHandle,
		Name:         c.FullName,
		Organization: c.Organization,
		Email:        c.Email,
		Voice:        c.Phone,
		Street:       c.Street,
		City:         c.City,
		PostalCode:   c.PostalCode,
		CountryCode:  c.CountryCode,
		AuthInfo:     contactAuth(),
	}); err != nil {
		return model.Contact{}, fmt.Errorf("registry contact: %w", err)
	}
	if err := s.store.Insert(ctx, c); err != nil {
		return model.Contact{}, err
	}
	return c, nil
}

func (s *Service) List(ctx context.Context, accountID uuid.UUID) ([]model.Contact, error) {
	return s.store.List(ctx, accountID)
}
