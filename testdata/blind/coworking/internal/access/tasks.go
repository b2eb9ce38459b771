package access

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/hibiken/asynq"

	"github.com/deskhive/coworking/internal/idgen"
	"github.com/deskhive/coworking/internal/providers/doors"
	"github.com/deskhive/coworking/internal/store"
	"github.com/deskhive/coworking/internal/tasks"
)

// Jobs are the access-card background tasks.
type Jobs struct {
	svc   Service
	store store.Store
	doors doors.Client
	log   *slog.Logger
}

// NewJobs builds the access jobs.
func NewJobs(svc Service, s store.Store, dc doors.Client, log *slog.Logger) *Jobs {
	return &Jobs{svc: svc, store: s, doors: dc, log: log}
}

// Registrations lists the task types served by this package.
func (j *Jobs) Registrations() []tasks.Registration {
	return []tasks.Registration{
		{Type: tasks.TypeActivateMembership, Handler: tasks.Handle(j.ActivateMembership)},
		{Type: tasks.TypeRevokeCards, Handler: tasks.Handle(j.RevokeCards)},
	}
}

// ActivateMembership issues the primary card once a membership's first
// invoice is paid.
func (j *Jobs) ActivateMembership(ctx context.Context, p tasks.MembershipPayload) error {
	m, err := j.store.GetMembership(ctx, p.MembershipID)
	if store.IsNotFound(err) {
		return fmt.Errorf("membership %s: %w", p.MembershipID, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}
	if m.Status != "active" {
		j.log.InfoContext(ctx, "membership not active, skipping card", "membership_id", m.ID, "status", m.Status)
		return nil
	}
	_, err = j.svc.Issue(ctx, IssueInput{MemberID: m.MemberID, Slot: "primary", Zones: DefaultZones})
	return err
}

// RevokeCards deactivates every active card of a cancelled membership.
func (j *Jobs) RevokeCards(ctx context.Context, p tasks.MembershipPayload) error {
	m, err := j.store.GetMembership(ctx, p.MembershipID)
	if err != nil {
		return err
	}
	cards, err := j.store.ListActiveCardsForMember(ctx, m.MemberID)
	if err != nil {
		return err
	}
	for _, c := range cards {
		if c.PartnerCardID.Valid {
			if err := j.doors.RevokeCard(ctx, c.PartnerCardID.String, idgen.Derived("revoke", c.ID.String())); err != nil {
				return fmt.Errorf("revoke card %s: %w", c.ID, err)
			}
		}
		if err := j.store.MarkCardRevoked(ctx, c.ID); err != nil {
			return err
		}
	}
	return nil
}
