package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/cyclegrid/bikeshare/internal/db"
	"github.com/cyclegrid/bikeshare/internal/ids"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/sms"
)

// NotificationService sends rider SMS and tracks delivery.
type NotificationService interface {
	SendRideReceipt(ctx context.Context, rideID uuid.UUID) error
	SendRefundIssued(ctx context.Context, refundID uuid.UUID) error
	SendPassActivated(ctx context.Context, passID uuid.UUID) error
	SendPassExpiryReminder(ctx context.Context, passID uuid.UUID, expiresAt time.Time) error
}

type notificationService struct {
	notes   repository.Notifications
	rides   repository.Rides
	riders  repository.Riders
	charges repository.Charges
	refunds repository.Refunds
	passes  repository.Passes
	sender  sms.Sender
	refs    ids.Generator
	log     *slog.Logger
}

func newNotificationService(notes repository.Notifications, rides repository.Rides, riders repository.Riders,
	charges repository.Charges, refunds repository.Refunds, passes repository.Passes, sender sms.Sender,
	refs ids.Generator, log *slog.Logger) *notificationService {
	return &notificationService{
		notes:   notes,
		rides:   rides,
		riders:  riders,
		charges: charges,
		refunds: refunds,
		passes:  passes,
		sender:  sender,
		refs:    refs,
		log:     log,
	}
}

func money(cents int64) string {
	return fmt.Sprintf("$%d.%02d", cents/100, cents%100)
}

func (s *notificationService) SendRideReceipt(ctx context.Context, rideID uuid.UUID) error {
	key := "receipt:" + rideID.String()
	if prev, err := s.notes.ByDedupKey(ctx, key); err == nil && prev.Status != "pending" {
		return nil
	} else if err != nil && !errors.Is(err, repository.ErrNotFound) {
		return err
	}

	ride, err := s.rides.Get(ctx, rideID)
	if err != nil {
		return err
	}
	rider, err := s.riders.Get(ctx, ride.RiderID)
	if err != nil {
		return err
	}
	if !rider.SmsReceipts {
		return nil
	}
	mins := int32(0)
	if ride.DurationSecs.Valid {
		mins = (ride.DurationSecs.Int32 + 59) / 60
	}
	body := fmt.Sprintf("CycleGrid: ride %s ended. %d min, fare %s. Thanks for riding!",
		ride.ID.String()[:8], mins, money(ride.FareCents.Int64))

	res, err := s.sender.Send(ctx, sms.Message{To: rider.Phone, Body: body})
	if err != nil {
		return fmt.Errorf("send receipt: %w", err)
	}
	return s.notes.RecordSent(ctx, db.RecordSentNotificationParams{
		ID:                uuid.New(),
		DedupKey:          pgtype.Text{String: key, Valid: true},
		RiderID:           pgtype.UUID{Bytes: rider.ID, Valid: true},
		Phone:             rider.Phone,
		Kind:              "ride_receipt",
		Body:              body,
		ProviderMessageID: pgtype.Text{String: res.MessageID, Valid: true},
	})
}

func (s *notificationService) SendRefundIssued(ctx context.Context, refundID uuid.UUID) error {
	req, err := s.refunds.Get(ctx, refundID)
	if err != nil {
		return err
	}
	rider, err := s.riders.Get(ctx, req.RiderID)
	if err != nil {
		return err
	}
	note, err := s.notes.Claim(ctx, db.ClaimNotificationParams{
		ID:       uuid.New(),
		DedupKey: pgtype.Text{String: "refund-issued:" + req.ID.String(), Valid: true},
		RiderID:  pgtype.UUID{Bytes: rider.ID, Valid: true},
		Phone:    rider.Phone,
		Kind:     "refund_issued",
		Body:     fmt.Sprintf("CycleGrid: we refunded %s to your card. It can take 5-10 days to appear.", money(req.AmountCents)),
	})
	if err != nil {
		return err
	}
	if note.Status != "pending" {
		return nil
	}
	res, err := s.sender.Send(ctx, sms.Message{To: note.Phone, Body: note.Body, ClientRef: note.ID.String()})
	if err != nil {
		return fmt.Errorf("send refund sms: %w", err)
	}
	return s.notes.MarkSent(ctx, note.ID, res.MessageID)
}

func (s *notificationService) SendPassActivated(ctx context.Context, passID uuid.UUID) error {
	pass, err := s.passes.Get(ctx, passID)
	if err != nil {
		return err
	}
	rider, err := s.riders.Get(ctx, pass.RiderID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("CycleGrid: your %s pass is active until %s.", pass.PlanCode, pass.ExpiresAt.Format("Jan 2"))
	_, err = s.sender.Send(ctx, sms.Message{
		To:        rider.Phone,
		Body:      body,
		ClientRef: "pass-activated-" + pass.ID.String(),
	})
	return err
}

func (s *notificationService) SendPassExpiryReminder(ctx context.Context, passID uuid.UUID, expiresAt time.Time) error {
	pass, err := s.passes.Get(ctx, passID)
	if err != nil {
		return err
	}
	if pass.Status != "active" || pass.AutoRenew || !pass.ExpiresAt.Equal(expiresAt) {
		return nil
	}
	rider, err := s.riders.Get(ctx, pass.RiderID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("CycleGrid: your %s pass ends %s. Renew in the app to keep riding free.",
		pass.PlanCode, pass.ExpiresAt.Format("Mon Jan 2"))
	ref := s.refs.New()
	res, err := s.sender.Send(ctx, sms.Message{To: rider.Phone, Body: body, ClientRef: ref})
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "pass reminder sent", "pass_id", passID, "client_ref", ref, "message_id", res.MessageID)
	return nil
}
