package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tiedknot/registry/internal/db"
)

// NotifyRepo stores thank-you notes, invitations and email events.
type NotifyRepo struct {
	s *Store
	q *db.Queries
}

// NewNotifyRepo builds a NotifyRepo.
func NewNotifyRepo(s *Store) *NotifyRepo { return &NotifyRepo{s: s, q: s.Queries()} }

// GetRegistry loads a registry.
func (r *NotifyRepo) GetRegistry(ctx context.Context, id string) (db.Registry, error) {
	reg, err := r.q.GetRegistry(ctx, id)
	return reg, mapErr(err, "get registry")
}

// GetCouple loads a couple.
func (r *NotifyRepo) GetCouple(ctx context.Context, id string) (db.Couple, error) {
	c, err := r.q.GetCouple(ctx, id)
	return c, mapErr(err, "get couple")
}

// GetPurchase loads a purchase.
func (r *NotifyRepo) GetPurchase(ctx context.Context, id string) (db.Purchase, error) {
	p, err := r.q.GetPurchase(ctx, id)
	return p, mapErr(err, "get purchase")
}

// GetContribution loads a contribution.
func (r *NotifyRepo) GetContribution(ctx context.Context, id string) (db.Contribution, error) {
	c, err := r.q.GetContribution(ctx, id)
	return c, mapErr(err, "get contribution")
}

// MarkReceiptSent stamps the contribution's receipt time.
func (r *NotifyRepo) MarkReceiptSent(ctx context.Context, id string, at time.Time) error {
	err := r.q.MarkContributionReceiptSent(ctx, db.MarkContributionReceiptSentParams{
		ID:            id,
		ReceiptSentAt: pgtype.Timestamptz{Time: at, Valid: true},
	})
	return mapErr(err, "mark receipt sent")
}

// GetNote loads a thank-you note.
func (r *NotifyRepo) GetNote(ctx context.Context, id string) (db.ThankYouNote, error) {
	n, err := r.q.GetThankYouNote(ctx, id)
	return n, mapErr(err, "get thank-you note")
}

// MarkNoteSent records the provider message id of a sent note.
func (r *NotifyRepo) MarkNoteSent(ctx context.Context, id, messageID string, at time.Time) error {
	err := r.q.MarkThankYouSent(ctx, db.MarkThankYouSentParams{
		ID:                id,
		ProviderMessageID: pgtype.Text{String: messageID, Valid: true},
		SentAt:            pgtype.Timestamptz{Time: at, Valid: true},
	})
	return mapErr(err, "mark thank-you sent")
}

// Activity is what happened on a registry since the last digest.
type Activity struct {
	Purchases     []db.Purchase
	Contributions []db.Contribution
}

// ActivitySince lists purchases and contributions after since.
func (r *NotifyRepo) ActivitySince(ctx context.Context, registryID string, since time.Time) (Activity, error) {
	ts := pgtype.Timestamptz{Time: since, Valid: true}
	ps, err := r.q.ListPurchasesSince(ctx, db.ListPurchasesSinceParams{RegistryID: registryID, Since: ts})
	if err != nil {
		return Activity{}, mapErr(err, "list purchases since")
	}
	cs, err := r.q.ListContributionsSince(ctx, db.ListContributionsSinceParams{RegistryID: registryID, Since: ts})
	if err != nil {
		return Activity{}, mapErr(err, "list contributions since")
	}
	return Activity{Purchases: ps, Contributions: cs}, nil
}

// ListDueDigests lists published registries whose last digest is older
// than before.
func (r *NotifyRepo) ListDueDigests(ctx context.Context, before time.Time, limit int32) ([]db.Registry, error) {
	regs, err := r.q.ListRegistriesDueDigest(ctx, db.ListRegistriesDueDigestParams{
		Before: pgtype.Timestamptz{Time: before, Valid: true},
		Limit:  limit,
	})
	return regs, mapErr(err, "list due digests")
}

// SetDigestAt stamps the registry's last digest time.
func (r *NotifyRepo) SetDigestAt(ctx context.Context, registryID string, at time.Time) error {
	err := r.q.SetRegistryDigestAt(ctx, db.SetRegistryDigestAtParams{
		ID:           registryID,
		LastDigestAt: pgtype.Timestamptz{Time: at, Valid: true},
	})
	return mapErr(err, "set digest at")
}

// InvitedEmails returns the set of addresses already invited.
func (r *NotifyRepo) InvitedEmails(ctx context.Context, registryID string) (map[string]bool, error) {
	emails, err := r.q.ListInvitedEmails(ctx, registryID)
	if err != nil {
		return nil, mapErr(err, "list invited emails")
	}
	set := make(map[string]bool, len(emails))
	for _, e := range emails {
		set[e] = true
	}
	return set, nil
}

// Invitee is one invited guest.
type Invitee struct {
	ID    string
	Email string
	Name  string
}

// RecordInvitations stores invitations; already-invited addresses are
// skipped.
func (r *NotifyRepo) RecordInvitations(ctx context.Context, registryID string, invitees []Invitee, sentAt time.Time) error {
	return mapErr(r.s.InTx(ctx, func(_ pgx.Tx, q *db.Queries) error {
		for _, inv := range invitees {
			if err := q.InsertInvitation(ctx, db.InsertInvitationParams{
				ID:         inv.ID,
				RegistryID: registryID,
				Email:      inv.Email,
				Name:       inv.Name,
				SentAt:     pgtype.Timestamptz{Time: sentAt, Valid: true},
			}); err != nil {
				return err
			}
		}
		return nil
	}), "record invitations")
}

// AppendEmailEvent appends a delivery callback to the event log.
func (r *NotifyRepo) AppendEmailEvent(ctx context.Context, arg db.InsertEmailEventParams) error {
	return mapErr(r.q.InsertEmailEvent(ctx, arg), "append email event")
}

// ApplyDelivery updates the thank-you note sent as messageID, if any.
func (r *NotifyRepo) ApplyDelivery(ctx context.Context, messageID, status string, at time.Time) (bool, error) {
	n, err := r.q.MarkThankYouDelivery(ctx, db.MarkThankYouDeliveryParams{
		ProviderMessageID: pgtype.Text{String: messageID, Valid: true},
		Status:            status,
		DeliveredAt:       pgtype.Timestamptz{Time: at, Valid: true},
	})
	return n > 0, mapErr(err, "apply delivery")
}
