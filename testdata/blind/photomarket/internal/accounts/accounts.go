// Package accounts manages client sign-up.
package accounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"github.com/lenslane/photomarket/internal/ids"
	"github.com/lenslane/photomarket/internal/repo"
)

// Client is a row of the clients table.
type Client struct {
	ID               string         `json:"id"`
	Email            string         `json:"email"`
	FullName         string         `json:"full_name"`
	Phone            sql.NullString `json:"-"`
	StripeCustomerID sql.NullString `json:"-"`
	CreatedAt        time.Time      `json:"created_at"`
}

func (Client) Table() string { return "clients" }

func (Client) Columns() []string {
	return []string{"id", "email", "full_name", "phone", "stripe_customer_id", "created_at"}
}

func (c *Client) Values() []any {
	return []any{c.ID, c.Email, c.FullName, c.Phone, c.StripeCustomerID, c.CreatedAt}
}

func (c *Client) ScanDest() []any {
	return []any{&c.ID, &c.Email, &c.FullName, &c.Phone, &c.StripeCustomerID, &c.CreatedAt}
}

type clientStore interface {
	InsertIgnore(ctx context.Context, v *Client, conflictCols ...string) (bool, error)
	FindOne(ctx context.Context, col string, val any) (*Client, error)
}

// Service registers clients.
type Service struct {
	clients clientStore
	now     func() time.Time
}

// NewService returns a Service backed by a generic repository.
func NewService(clients *repo.Repo[Client, *Client]) *Service {
	return &Service{clients: clients, now: time.Now}
}

// ErrInvalid is returned for malformed sign-up input.
var ErrInvalid = errors.New("invalid client")

// RegisterInput is the sign-up form.
type RegisterInput struct {
	Email    string `json:"email"`
	FullName string `json:"full_name"`
	Phone    string `json:"phone,omitempty"`
}

// Register creates the client for an email address, or returns the
// existing one. The second return value reports whether it was created.
func (s *Service) Register(ctx context.Context, in RegisterInput) (*Client, bool, error) {
	addr, err := mail.ParseAddress(strings.TrimSpace(in.Email))
	if err != nil || in.FullName == "" {
		return nil, false, ErrInvalid
	}
	email := strings.ToLower(addr.Address)
	c := &Client{
		ID:        ids.New("cl"),
		Email:     email,
		FullName:  strings.TrimSpace(in.FullName),
		Phone:     sql.NullString{String: in.Phone, Valid: in.Phone != ""},
		CreatedAt: s.now().UTC(),
	}
	created, err := s.clients.InsertIgnore(ctx, c, "email")
	if err != nil {
		return nil, false, fmt.Errorf("register client: %w", err)
	}
	if created {
		return c, true, nil
	}
	existing, err := s.clients.FindOne(ctx, "email", email)
	if err != nil {
		return nil, false, err
	}
	return existing, false, nil
}
