// Package access manages member door cards and guest credentials with the
// door-access partner, and records what happens at the doors.
package access

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pulsefit/memberships/internal/apperr"
	"github.com/pulsefit/memberships/internal/db"
	"github.com/pulsefit/memberships/internal/ids"
	"github.com/pulsefit/memberships/internal/providers/doorpartner"
	"github.com/pulsefit/memberships/internal/providers/mailer"
	"github.com/pulsefit/memberships/internal/tasks"
	"github.com/pulsefit/memberships/internal/txn"
)

type Service struct {
	pool    *pgxpool.Pool
	tx      txn.Runner
	partner doorpartner.API
	mail    mailer.Mailer
	queue   tasks.Queue
	log     *slog.Logger
}

func NewService(pool *pgxpool.Pool, tx txn.Runner, partner doorpartner.API, mail mailer.Mailer, queue tasks.Queue, log *slog.Logger) *Service {
	return &Service{pool: pool, tx: tx, partner: partner, mail: mail, queue: queue, log: log.With("component", "access")}
}

type CardRequest struct {
	CardID      uuid.UUID `json:"card_id"`
	Status      string    `json:"status"`
	RequestedAt time.Time `json:"requested_at"`
}

// RequestCard records a card request for the member and schedules it with the
// partner. A member has at most one live card; asking again returns it.
func (s *Service) RequestCard(ctx context.Context, memberID uuid.UUID) (CardRequest, error) {
	q := db.New(s.pool)
	if _, err := q.GetActivePlanForMember(ctx, memberID); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return CardRequest{}, apperr.Forbidden("no active membership")
		}
		return CardRequest{}, err
	}
	card, err := q.RequestAccessCard(ctx, db.RequestAccessCardParams{ID: uuid.New(), MemberID: memberID})
	if err != nil {
		return CardRequest{}, err
	}
	if err := s.queue.Enqueue(ctx, tasks.TypeProvisionCard, tasks.ProvisionCardPayload{CardID: card.ID},
		tasks.Key("provision", card.ID.String()), asynq.Queue(tasks.QueueCritical)); err != nil {
		return CardRequest{}, err
	}
	return CardRequest{CardID: card.ID, Status: card.Status, RequestedAt: card.RequestedAt}, nil
}

// ProvisionCard asks the partner to encode a card for a pending request.
func (s *Service) ProvisionCard(ctx context.Context, cardID uuid.UUID) error {
	q := db.New(s.pool)
	card, err := q.GetAccessCard(ctx, cardID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if card.Status != "pending" || card.PartnerCardID != "" {
		return nil
	}
	member, err := q.GetMember(ctx, card.MemberID)
	if err != nil {
		return err
	}
	pc, err := s.partner.ProvisionCard(ctx, doorpartner.ProvisionCardRequest{
		ExternalRef: card.ID.String(),
		HolderName:  member.FullName,
		ClubID:      member.HomeClubID,
		AccessGroup: "members",
	}, doorpartner.WithIdempotencyKey(ids.Derived("card", card.ID.String())))
	if err != nil {
		return err
	}
	return q.SetAccessCardPartnerID(ctx, db.SetAccessCardPartnerIDParams{ID: card.ID, PartnerCardID: pc.ID})
}

// IssueGuestCredential creates the one-day door credential for a guest pass.
func (s *Service) IssueGuestCredential(ctx context.Context, passID uuid.UUID) error {
	q := db.New(s.pool)
	pass, err := q.GetGuestPass(ctx, passID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if pass.PartnerCredentialID != "" {
		return nil
	}
	host, err := q.GetMember(ctx, pass.MemberID)
	if err != nil {
		return err
	}
	validFrom := pass.ValidOn
	cred, err := s.partner.IssueTemporaryCredential(ctx, doorpartner.TempCredentialRequest{
		ExternalRef: pass.ID.String(),
		Label:       fmt.Sprintf("Guest of %s", host.FullName),
		PIN:         pass.Code,
		ClubID:      host.HomeClubID,
		ValidFrom:   validFrom,
		ValidUntil:  validFrom.Add(24 * time.Hour),
		MaxEntries:  1,
	}, doorpartner.WithRequestID(pass.ID.String()))
	if err != nil {
		return err
	}
	return q.SetGuestPassCredential(ctx, db.SetGuestPassCredentialParams{ID: pass.ID, PartnerCredentialID: cred.ID})
}

// RevokeMemberCards disables every live card of a member, e.g. after a
// cancellation.
func (s *Service) RevokeMemberCards(ctx context.Context, memberID uuid.UUID) error {
	q := db.New(s.pool)
	cards, err := q.ListLiveCardsForMember(ctx, memberID)
	if err != nil {
		return err
	}
	for _, c := range cards {
		if c.PartnerCardID != "" {
			if err := s.partner.RevokeCard(ctx, c.PartnerCardID,
				doorpartner.WithIdempotencyKey(ids.Derived("revoke", c.ID.String()))); err != nil {
				return fmt.Errorf("revoke card %s: %w", c.ID, err)
			}
		}
		if _, err := q.RevokeAccessCard(ctx, c.ID); err != nil {
			return err
		}
	}
	return nil
}

type CardStatusEvent struct {
	EventID       string
	PartnerCardID string
	Status        string
	Last4         string
}

// ApplyCardStatus handles the partner's callback once a card is encoded (or
// failed) and tells the member it is ready for pickup.
func (s *Service) ApplyCardStatus(ctx context.Context, ev CardStatusEvent) error {
	q := db.New(s.pool)
	card, err := q.GetAccessCardByPartnerID(ctx, ev.PartnerCardID)
	if errors.Is(err, pgx.ErrNoRows) {
		// The callback can beat our own write of the partner ID; ask for a redelivery.
		return apperr.Unavailable("card not yet known")
	}
	if err != nil {
		return err
	}
	if ev.Status == "failed" {
		return q.FailAccessCard(ctx, ev.PartnerCardID)
	}
	member, err := q.GetMember(ctx, card.MemberID)
	if err != nil {
		return err
	}
	if _, err := s.mail.Send(ctx, mailer.Email{
		To:       member.Email,
		Subject:  "Your PulseFit card is ready",
		Template: "card-ready",
		Vars:     map[string]string{"name": member.FullName, "last4": ev.Last4, "club": member.HomeClubID},
		Tags:     []string{"access"},
	}); err != nil {
		return err
	}
	_, err = q.ActivateAccessCard(ctx, db.ActivateAccessCardParams{
		PartnerCardID: ev.PartnerCardID, CardNumberLast4: ev.Last4,
	})
	return err
}
