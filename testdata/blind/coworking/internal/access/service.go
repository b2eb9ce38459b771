// Package access provisions and revokes door-access credentials with the
// door-access partner.
package access

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/idgen"
	"github.com/deskhive/coworking/internal/providers/doors"
	"github.com/deskhive/coworking/internal/store"
)

// ErrMemberNotFound is returned for unknown members.
var ErrMemberNotFound = errors.New("member not found")

// DefaultZones are granted to every membership card.
var DefaultZones = []string{"lobby", "floor-1", "floor-2", "kitchen"}

// IssueInput requests a credential in a slot ("primary", "mobile", "fob").
type IssueInput struct {
	MemberID uuid.UUID
	Slot     string
	Zones    []string
	// RequestKey is forwarded to the partner as X-Request-Key. When empty
	// a key derived from the card row is used.
	RequestKey string
}

// Service issues access cards.
type Service interface {
	Issue(ctx context.Context, in IssueInput) (db.AccessCard, error)
}

type service struct {
	store store.Store
	doors doors.Client
	log   *slog.Logger
}

// NewService builds the access service.
func NewService(s store.Store, dc doors.Client, log *slog.Logger) Service {
	return &service{store: s, doors: dc, log: log}
}

func (s *service) Issue(ctx context.Context, in IssueInput) (db.AccessCard, error) {
	member, err := s.store.GetMember(ctx, in.MemberID)
	if store.IsNotFound(err) {
		return db.AccessCard{}, ErrMemberNotFound
	}
	if err != nil {
		return db.AccessCard{}, err
	}

	card, err := s.store.InsertAccessCard(ctx, db.InsertAccessCardParams{
		ID:       idgen.NewID(),
		MemberID: member.ID,
		CardSlot: in.Slot,
	})
	if err != nil {
		return db.AccessCard{}, fmt.Errorf("reserve card slot: %w", err)
	}
	if card.Status == "active" {
		return card, nil
	}

	zones := in.Zones
	if len(zones) == 0 {
		zones = DefaultZones
	}
	key := in.RequestKey
	if key == "" {
		key = idgen.Derived("card", card.ID.String())
	}
	cred, err := s.doors.ProvisionCard(ctx, doors.ProvisionRequest{
		RequestKey:  key,
		MemberRef:   member.ID.String(),
		DisplayName: member.FullName,
		Slot:        card.CardSlot,
		Zones:       zones,
	})
	if err != nil {
		return db.AccessCard{}, fmt.Errorf("provision card: %w", err)
	}

	if err := s.store.ActivateAccessCard(ctx, db.ActivateAccessCardParams{
		ID:            card.ID,
		PartnerCardID: sql.NullString{String: cred.ID, Valid: true},
	}); err != nil {
		return db.AccessCard{}, fmt.Errorf("activate card: %w", err)
	}
	card.Status = "active"
	card.PartnerCardID = sql.NullString{String: cred.ID, Valid: true}
	s.log.InfoContext(ctx, "card issued", "member_id", member.ID, "slot", card.CardSlot, "credential", cred.ID)
	return card, nil
}
