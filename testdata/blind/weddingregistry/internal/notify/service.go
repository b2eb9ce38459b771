// Package notify sends the registry's email: thank-you notes from couples,
// contribution receipts, daily activity digests, announcements and
// invitations, and records delivery callbacks.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tiedknot/registry/internal/db"
	"github.com/tiedknot/registry/internal/platform/idgen"
	"github.com/tiedknot/registry/internal/providers/mailer"
	"github.com/tiedknot/registry/internal/store"
)

// Errors returned to the API layer.
var (
	ErrNotFound  = errors.New("notify: not found")
	ErrForbidden = errors.New("notify: not the owner")
	ErrInvalid   = errors.New("notify: invalid request")
)

// Service is the notification API.
type Service interface {
	ComposeThankYou(ctx context.Context, ownerID, registryID string, in ThankYouInput) (db.ThankYouNote, bool, error)
	SendThankYou(ctx context.Context, noteID string) error
	SendContributionReceipt(ctx context.Context, contributionID string) error
	SendDueDigests(ctx context.Context) (int, error)
	AnnounceRegistry(ctx context.Context, registryID string) error
	InvitedEmails(ctx context.Context, registryID string) (map[string]bool, error)
	RecordInvitations(ctx context.Context, registryID string, guests []Guest) error
	HandleDeliveryEvent(ctx context.Context, evt mailer.Event, raw []byte) error
}

// Repository is the storage the service needs.
type Repository interface {
	GetRegistry(ctx context.Context, id string) (db.Registry, error)
	GetCouple(ctx context.Context, id string) (db.Couple, error)
	GetPurchase(ctx context.Context, id string) (db.Purchase, error)
	GetContribution(ctx context.Context, id string) (db.Contribution, error)
	MarkReceiptSent(ctx context.Context, id string, at time.Time) error
	GetNote(ctx context.Context, id string) (db.ThankYouNote, error)
	MarkNoteSent(ctx context.Context, id, messageID string, at time.Time) error
	ActivitySince(ctx context.Context, registryID string, since time.Time) (store.Activity, error)
	ListDueDigests(ctx context.Context, before time.Time, limit int32) ([]db.Registry, error)
	SetDigestAt(ctx context.Context, registryID string, at time.Time) error
	InvitedEmails(ctx context.Context, registryID string) (map[string]bool, error)
	RecordInvitations(ctx context.Context, registryID string, invitees []store.Invitee, sentAt time.Time) error
	AppendEmailEvent(ctx context.Context, arg db.InsertEmailEventParams) error
	ApplyDelivery(ctx context.Context, messageID, status string, at time.Time) (bool, error)
}

// Sender sends one message.
type Sender interface {
	Send(ctx context.Context, msg mailer.Message) (string, error)
}

// Jobs enqueues note delivery inside the caller's transaction.
type Jobs interface {
	SendThankYouTx(ctx context.Context, tx pgx.Tx, noteID string) error
}

type service struct {
	tx        store.TxRunner
	repo      Repository
	sender    Sender
	jobs      Jobs
	publicURL string
	log       *slog.Logger
	now       func() time.Time

	newNoteID   idgen.Generator
	newInviteID idgen.Generator
	newEventID  idgen.Generator

	digestEvery time.Duration
}

// New builds the notification service.
func New(tx store.TxRunner, repo Repository, sender Sender, jobs Jobs, publicURL string, log *slog.Logger) Service {
	return &service{
		tx:          tx,
		repo:        repo,
		sender:      sender,
		jobs:        jobs,
		publicURL:   publicURL,
		log:         log.With("svc", "notify"),
		now:         time.Now,
		newNoteID:   idgen.Prefixed(idgen.PrefixNote),
		newInviteID: idgen.Prefixed(idgen.PrefixInvitation),
		newEventID:  idgen.Prefixed(idgen.PrefixEmailEvent),
		digestEvery: 24 * time.Hour,
	}
}

// ThankYouInput is the body of POST …/thank-you-notes.
type ThankYouInput struct {
	PurchaseID     string `json:"purchase_id"`
	ContributionID string `json:"contribution_id"`
	Body           string `json:"body"`
}

// ComposeThankYou stores the couple's note for a gift and queues it for
// delivery. There is at most one note per gift; composing again returns the
// existing note. The bool reports whether a new note was created.
func (s *service) ComposeThankYou(ctx context.Context, ownerID, registryID string, in ThankYouInput) (db.ThankYouNote, bool, error) {
	reg, err := s.repo.GetRegistry(ctx, registryID)
	if store.IsNotFound(err) {
		return db.ThankYouNote{}, false, ErrNotFound
	}
	if err != nil {
		return db.ThankYouNote{}, false, err
	}
	if reg.OwnerID != ownerID {
		return db.ThankYouNote{}, false, ErrForbidden
	}
	if strings.TrimSpace(in.Body) == "" || (in.PurchaseID == "") == (in.ContributionID == "") {
		return db.ThankYouNote{}, false, fmt.Errorf("%w: body and exactly one of purchase_id or contribution_id", ErrInvalid)
	}

	arg := db.InsertThankYouNoteParams{ID: s.newNoteID(), RegistryID: reg.ID, Body: in.Body}
	if in.PurchaseID != "" {
		p, err := s.repo.GetPurchase(ctx, in.PurchaseID)
		if store.IsNotFound(err) || (err == nil && p.RegistryID != reg.ID) {
			return db.ThankYouNote{}, false, ErrNotFound
		}
		if err != nil {
			return db.ThankYouNote{}, false, err
		}
		arg.PurchaseID = pgtype.Text{String: p.ID, Valid: true}
		arg.RecipientEmail, arg.RecipientName = p.GuestEmail, p.GuestName
	} else {
		c, err := s.repo.GetContribution(ctx, in.ContributionID)
		if store.IsNotFound(err) || (err == nil && c.RegistryID != reg.ID) {
			return db.ThankYouNote{}, false, ErrNotFound
		}
		if err != nil {
			return db.ThankYouNote{}, false, err
		}
		arg.ContributionID = pgtype.Text{String: c.ID, Valid: true}
		arg.RecipientEmail, arg.RecipientName = c.GuestEmail, c.GuestName
	}

	var (
		note    db.ThankYouNote
		created bool
	)
	err = s.tx.InTx(ctx, func(tx pgx.Tx, q *db.Queries) error {
		var err error
		note, err = q.InsertThankYouNote(ctx, arg)
		if errors.Is(err, pgx.ErrNoRows) {
			note, err = q.GetThankYouNoteBySource(ctx, db.GetThankYouNoteBySourceParams{
				PurchaseID:     arg.PurchaseID,
				ContributionID: arg.ContributionID,
			})
			return err
		}
		if err != nil {
			return err
		}
		created = true
		return s.jobs.SendThankYouTx(ctx, tx, note.ID)
	})
	return note, created, err
}

// SendThankYou delivers a queued note.
func (s *service) SendThankYou(ctx context.Context, noteID string) error {
	note, err := s.repo.GetNote(ctx, noteID)
	if err != nil {
		return err
	}
	if note.Status != "queued" {
		return nil
	}
	reg, err := s.repo.GetRegistry(ctx, note.RegistryID)
	if err != nil {
		return err
	}
	couple, err := s.repo.GetCouple(ctx, reg.OwnerID)
	if err != nil {
		return err
	}
	msgID, err := s.sender.Send(ctx, thankYouMessage(note, reg, couple))
	if err != nil {
		return err
	}
	return s.repo.MarkNoteSent(ctx, note.ID, msgID, s.now())
}

// SendContributionReceipt emails the guest a receipt for a contribution.
func (s *service) SendContributionReceipt(ctx context.Context, contributionID string) error {
	c, err := s.repo.GetContribution(ctx, contributionID)
	if err != nil {
		return err
	}
	if c.ReceiptSentAt.Valid {
		return nil
	}
	reg, err := s.repo.GetRegistry(ctx, c.RegistryID)
	if err != nil {
		return err
	}
	couple, err := s.repo.GetCouple(ctx, reg.OwnerID)
	if err != nil {
		return err
	}
	if _, err := s.sender.Send(ctx, receiptMessage(c, reg, couple)); err != nil {
		return err
	}
	return s.repo.MarkReceiptSent(ctx, c.ID, s.now())
}

// SendDueDigests emails each couple a summary of gifts since their last
// digest.
func (s *service) SendDueDigests(ctx context.Context) (int, error) {
	now := s.now()
	regs, err := s.repo.ListDueDigests(ctx, now.Add(-s.digestEvery), 200)
	if err != nil {
		return 0, err
	}
	sent := 0
	var errs []error
	for _, reg := range regs {
		ok, err := s.sendDigest(ctx, reg, now)
		if err != nil {
			errs = append(errs, fmt.Errorf("registry %s: %w", reg.ID, err))
			continue
		}
		if ok {
			sent++
		}
	}
	return sent, errors.Join(errs...)
}

func (s *service) sendDigest(ctx context.Context, reg db.Registry, now time.Time) (bool, error) {
	since := reg.PublishedAt.Time
	if reg.LastDigestAt.Valid {
		since = reg.LastDigestAt.Time
	}
	act, err := s.repo.ActivitySince(ctx, reg.ID, since)
	if err != nil {
		return false, err
	}
	if len(act.Purchases)+len(act.Contributions) == 0 {
		return false, s.repo.SetDigestAt(ctx, reg.ID, now)
	}
	couple, err := s.repo.GetCouple(ctx, reg.OwnerID)
	if err != nil {
		return false, err
	}
	if _, err := s.sender.Send(ctx, digestMessage(reg, couple, act)); err != nil {
		return false, err
	}
	return true, s.repo.SetDigestAt(ctx, reg.ID, now)
}

// AnnounceRegistry tells the couple their registry is live.
func (s *service) AnnounceRegistry(ctx context.Context, registryID string) error {
	reg, err := s.repo.GetRegistry(ctx, registryID)
	if err != nil {
		return err
	}
	couple, err := s.repo.GetCouple(ctx, reg.OwnerID)
	if err != nil {
		return err
	}
	_, err = s.sender.Send(ctx, announcementMessage(reg, couple, s.publicURL))
	return err
}

// Guest is an invitation recipient.
type Guest struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

// InvitedEmails returns the addresses already invited to a registry.
func (s *service) InvitedEmails(ctx context.Context, registryID string) (map[string]bool, error) {
	return s.repo.InvitedEmails(ctx, registryID)
}

// RecordInvitations stores invitations that were sent.
func (s *service) RecordInvitations(ctx context.Context, registryID string, guests []Guest) error {
	invitees := make([]store.Invitee, 0, len(guests))
	for _, g := range guests {
		invitees = append(invitees, store.Invitee{ID: s.newInviteID(), Email: g.Email, Name: g.Name})
	}
	return s.repo.RecordInvitations(ctx, registryID, invitees, s.now())
}

var deliveryStatus = map[string]string{
	"email.delivered":  "delivered",
	"email.bounced":    "bounced",
	"email.complained": "bounced",
}

// HandleDeliveryEvent appends the callback to the event log and updates the
// thank-you note it concerns, if any.
func (s *service) HandleDeliveryEvent(ctx context.Context, evt mailer.Event, raw []byte) error {
	recipient := ""
	if len(evt.Data.To) > 0 {
		recipient = evt.Data.To[0]
	}
	if err := s.repo.AppendEmailEvent(ctx, db.InsertEmailEventParams{
		ID:                s.newEventID(),
		ProviderMessageID: evt.Data.EmailID,
		EventType:         evt.Type,
		Recipient:         recipient,
		Payload:           raw,
	}); err != nil {
		return err
	}
	status, ok := deliveryStatus[evt.Type]
	if !ok {
		return nil
	}
	at := evt.CreatedAt
	if at.IsZero() {
		at = s.now()
	}
	_, err := s.repo.ApplyDelivery(ctx, evt.Data.EmailID, status, at)
	return err
}
