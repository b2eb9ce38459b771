package services

import (
	"context"
	"log/slog"
	"net/mail"
	"strings"

	"github.com/google/uuid"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

// ClientService registers salon clients.
type ClientService struct {
	tx      ports.TxRunner
	log     *slog.Logger
	clients ports.ClientRepository
	events  ports.EventPublisher
}

func NewClientService(d Deps) *ClientService {
	return &ClientService{tx: d.Tx, log: d.Log.With("service", "clients"), clients: d.Clients, events: d.Events}
}

type RegisterClientRequest struct {
	Email      string     `json:"email"`
	Phone      string     `json:"phone"`
	FullName   string     `json:"full_name"`
	ReferredBy *uuid.UUID `json:"referred_by,omitempty"`
}

// Register creates the client, or returns the existing one for the email.
func (s *ClientService) Register(ctx context.Context, req RegisterClientRequest) (*domain.Client, bool, error) {
	addr, err := mail.ParseAddress(req.Email)
	if err != nil {
		return nil, false, domain.Invalid("email", "not a valid address")
	}
	if strings.TrimSpace(req.FullName) == "" {
		return nil, false, domain.Invalid("full_name", "required")
	}
	c := &domain.Client{
		ID:         uuid.New(),
		Email:      strings.ToLower(addr.Address),
		Phone:      normalizePhone(req.Phone),
		FullName:   strings.TrimSpace(req.FullName),
		ReferredBy: req.ReferredBy,
	}
	created, err := s.clients.InsertIfAbsent(ctx, s.tx.Reader(), c)
	if err != nil {
		return nil, false, err
	}
	stored, err := s.clients.GetByEmail(ctx, s.tx.Reader(), c.Email)
	if err != nil {
		return nil, false, err
	}
	if stored.ReferredBy != nil && *stored.ReferredBy != stored.ID {
		evt := domain.ClientReferred{ClientID: stored.ID, ReferrerID: *stored.ReferredBy}
		if err := s.events.Publish(ctx, domain.SubjectClientReferred, evt,
			ports.WithMessageID("client.referred."+stored.ID.String())); err != nil {
			s.log.ErrorContext(ctx, "publish client.referred", "client_id", stored.ID, "err", err)
		}
	}
	return stored, created, nil
}

// normalizePhone turns UK numbers into E.164.
func normalizePhone(p string) string {
	p = strings.Map(func(r rune) rune {
		if (r >= '0' && r <= '9') || r == '+' {
			return r
		}
		return -1
	}, p)
	if strings.HasPrefix(p, "07") {
		return "+44" + p[1:]
	}
	return p
}

func firstName(full string) string {
	if i := strings.IndexByte(full, ' '); i > 0 {
		return full[:i]
	}
	return full
}
