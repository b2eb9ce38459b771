package workflow

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/providers/notify"
	"github.com/haulgrid/loadboard/internal/service"
)

// Activities are the tender workflow's side effects. Each method is
// registered with the worker under its method name.
type Activities struct {
	Tendering     *service.TenderingService
	Notifications *service.NotificationService
	Tracking      *service.TrackingService
	Loads         service.LoadStore
	Carriers      service.CarrierStore
	Mailer        service.Messenger
	Now           func() time.Time
}

type AttemptInput struct {
	LoadID     string
	BidID      string
	WorkflowID string
	Round      int
	Outcome    string
}

type OfferRequest struct {
	LoadID     string
	WorkflowID string
	Candidate  domain.TenderCandidate
	Window     time.Duration
}

type BookRequest struct {
	LoadID   string
	TenderID string
}

type TrackingRequest struct {
	LoadID   string
	TenderID string
}

// RecordTenderAttempt appends a line to the load's tender history.
func (a *Activities) RecordTenderAttempt(ctx context.Context, in AttemptInput) error {
	return a.Tendering.RecordAttempt(ctx, domain.TenderAttempt{
		LoadID:     in.LoadID,
		BidID:      in.BidID,
		WorkflowID: in.WorkflowID,
		Round:      in.Round,
		Outcome:    in.Outcome,
	})
}

// CreateTenderOffer creates (or returns) the tender for this round.
func (a *Activities) CreateTenderOffer(ctx context.Context, in OfferRequest) (*domain.Tender, error) {
	t, err := a.Tendering.Offer(ctx, service.OfferInput{
		LoadID:     in.LoadID,
		WorkflowID: in.WorkflowID,
		Candidate:  in.Candidate,
		Window:     in.Window,
	})
	return t, classify(err)
}

// QueueTenderSMS queues the offer text to the carrier's dispatcher.
func (a *Activities) QueueTenderSMS(ctx context.Context, tenderID string) error {
	return classify(a.Notifications.QueueTenderSMS(ctx, tenderID))
}

// ExpireTender closes an unanswered tender. It returns false if the carrier
// answered before the tender could be expired.
func (a *Activities) ExpireTender(ctx context.Context, tenderID string) (bool, error) {
	ok, err := a.Tendering.Expire(ctx, tenderID)
	return ok, classify(err)
}

// BookLoad records the assignment for the accepted tender.
func (a *Activities) BookLoad(ctx context.Context, in BookRequest) error {
	info := activity.GetInfo(ctx)
	assignment, err := a.Tendering.Book(ctx, service.BookInput{LoadID: in.LoadID, TenderID: in.TenderID})
	if err != nil {
		return classify(err)
	}
	activity.GetLogger(ctx).Info("load booked",
		"load_id", in.LoadID, "assignment_id", assignment.ID, "attempt", info.Attempt)
	return nil
}

// StartTracking subscribes the load to the carrier's ELD feed.
func (a *Activities) StartTracking(ctx context.Context, in TrackingRequest) (string, error) {
	sub, err := a.Tracking.StartTracking(ctx, in.LoadID, in.TenderID)
	return sub, classify(err)
}

// NotifyShipperBooked e-mails the shipper that their load is covered.
func (a *Activities) NotifyShipperBooked(ctx context.Context, loadID string) error {
	load, err := a.Loads.Get(ctx, loadID)
	if err != nil {
		return classify(err)
	}
	if load.ShipperNotifiedAt != nil {
		return nil
	}
	shipper, err := a.Carriers.GetShipper(ctx, load.ShipperID)
	if err != nil {
		return classify(err)
	}
	carrier, err := a.Carriers.Get(ctx, load.CarrierID)
	if err != nil {
		return classify(err)
	}
	if _, err := a.Mailer.SendEmail(ctx, notify.Email{
		To:       shipper.ContactEmail,
		Subject:  fmt.Sprintf("Load %s is covered", load.Reference),
		Template: "load_booked",
		Vars: map[string]string{
			"shipper":     shipper.Name,
			"reference":   load.Reference,
			"carrier":     carrier.Name,
			"mc_number":   carrier.MCNumber,
			"pickup_at":   load.PickupAt.Format(time.RFC1123),
			"origin":      load.Origin.City + ", " + load.Origin.State,
			"destination": load.Destination.City + ", " + load.Destination.State,
		},
	}); err != nil {
		return err
	}
	return a.Loads.MarkShipperNotified(ctx, loadID, a.Now().UTC())
}

// ReopenLoad puts the load back on the board after every round failed.
func (a *Activities) ReopenLoad(ctx context.Context, loadID string) error {
	_, err := a.Tendering.Reopen(ctx, loadID)
	return classify(err)
}

// classify marks domain errors that retrying cannot fix as non-retryable.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var ve *domain.ValidationError
	var te *domain.TransitionError
	switch {
	case errors.As(err, &ve):
		return temporal.NewNonRetryableApplicationError(err.Error(), "ValidationError", err)
	case errors.As(err, &te):
		return temporal.NewNonRetryableApplicationError(err.Error(), "TransitionError", err)
	case errors.Is(err, domain.ErrNotFound):
		return temporal.NewNonRetryableApplicationError(err.Error(), "NotFound", err)
	}
	return err
}
