// Package notify sends member and guest text messages.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pulsefit/memberships/internal/db"
	"github.com/pulsefit/memberships/internal/ids"
	"github.com/pulsefit/memberships/internal/providers/sms"
)

const (
	KindClassReminder   = "class_reminder"
	KindBookingCanceled = "booking_canceled"
	KindGuestInvite     = "guest_invite"
)

type Service struct {
	pool *pgxpool.Pool
	sms  sms.Sender
	loc  *time.Location
	log  *slog.Logger
}

func NewService(pool *pgxpool.Pool, sender sms.Sender, log *slog.Logger) *Service {
	loc, err := time.LoadLocation("America/New_York")
	if err != nil {
		loc = time.UTC
	}
	return &Service{pool: pool, sms: sender, loc: loc, log: log.With("component", "notify")}
}

// ClassReminder texts a member ahead of a booked class. The notification row
// is unique per (kind, booking) and its ID is the provider's idempotency key.
func (s *Service) ClassReminder(ctx context.Context, bookingID uuid.UUID) error {
	q := db.New(s.pool)
	b, err := q.GetClassBooking(ctx, bookingID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if b.Status != "booked" {
		return nil
	}
	member, err := q.GetMember(ctx, b.MemberID)
	if err != nil {
		return err
	}
	if !member.SmsOptIn || member.Phone == "" {
		return nil
	}
	sess, err := q.GetClassSession(ctx, b.SessionID)
	if err != nil {
		return err
	}
	note, err := s.claim(ctx, q, member, KindClassReminder, b.ID.String())
	if err != nil || note.Status != "queued" {
		return err
	}
	body := fmt.Sprintf("Hi %s, see you at %s at %s today. Reply C to cancel your spot.",
		firstName(member.FullName), sess.ClassType, sess.StartsAt.In(s.loc).Format("3:04 PM"))
	res, err := s.sms.Send(ctx, sms.NewMessage(member.Phone, body,
		sms.WithIdempotencyKey(note.ID.String()),
		sms.WithClientReference(note.Kind+":"+note.Ref),
		sms.WithValidity(90*time.Minute),
	))
	if err != nil {
		return err
	}
	return q.MarkNotificationSent(ctx, db.MarkNotificationSentParams{ID: note.ID, ProviderMessageID: res.MessageID})
}

func (s *Service) claim(ctx context.Context, q *db.Queries, m db.Member, kind, ref string) (db.Notification, error) {
	memberID := m.ID
	if _, err := q.InsertNotification(ctx, db.InsertNotificationParams{
		ID:        ids.NewUUID(),
		MemberID:  &memberID,
		Channel:   "sms",
		Kind:      kind,
		Ref:       ref,
		Recipient: m.Phone,
	}); err != nil {
		return db.Notification{}, err
	}
	return q.GetNotificationByKindRef(ctx, db.GetNotificationByKindRefParams{Kind: kind, Ref: ref})
}

// BookingCanceled confirms a cancellation. opKey identifies the task that
// asked for the message and is stable across its retries.
func (s *Service) BookingCanceled(ctx context.Context, memberID, sessionID uuid.UUID, opKey string) error {
	q := db.New(s.pool)
	member, err := q.GetMember(ctx, memberID)
	if err != nil {
		return err
	}
	if !member.SmsOptIn || member.Phone == "" {
		return nil
	}
	sess, err := q.GetClassSession(ctx, sessionID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("Your spot in %s on %s is canceled. No charge applies.",
		sess.ClassType, sess.StartsAt.In(s.loc).Format("Mon Jan 2 3:04 PM"))
	_, err = s.sms.Send(ctx, sms.NewMessage(member.Phone, body,
		sms.WithIdempotencyKey(ids.Derived(KindBookingCanceled, opKey)),
		sms.WithTags(KindBookingCanceled),
	))
	return err
}

// GuestInvite texts the guest their pass code.
func (s *Service) GuestInvite(ctx context.Context, passID uuid.UUID) error {
	q := db.New(s.pool)
	pass, err := q.GetGuestPass(ctx, passID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	host, err := q.GetMember(ctx, pass.MemberID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("%s invited you to PulseFit on %s. Show code %s at the front desk.",
		firstName(host.FullName), pass.ValidOn.Format("Mon Jan 2"), pass.Code)
	msgKey := ids.NewULID()
	res, err := s.sms.Send(ctx, sms.NewMessage(pass.GuestPhone, body, sms.WithIdempotencyKey(msgKey), sms.WithClientReference("guest-pass:"+pass.ID.String())))
	if err != nil {
		return err
	}
	return q.InsertNotificationLog(ctx, db.InsertNotificationLogParams{
		ID:                msgKey,
		Channel:           "sms",
		Kind:              KindGuestInvite,
		Ref:               pass.ID.String(),
		Recipient:         pass.GuestPhone,
		ProviderMessageID: res.MessageID,
	})
}

// DeliveryReceipt applies a provider status callback.
func (s *Service) DeliveryReceipt(ctx context.Context, providerMessageID, status string) error {
	switch status {
	case "delivered", "failed":
	case "undelivered", "rejected", "expired":
		status = "failed"
	default:
		return nil
	}
	_, err := db.New(s.pool).UpdateNotificationDelivery(ctx, db.UpdateNotificationDeliveryParams{
		ProviderMessageID: providerMessageID, Status: status,
	})
	return err
}

func firstName(full string) string {
	for i, r := range full {
		if r == ' ' {
			return full[:i]
		}
	}
	return full
}
