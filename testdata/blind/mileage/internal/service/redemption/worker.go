package redemption

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/aws/aws-lambda-go/events"
	"github.com/rs/xid"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/messaging"
	"github.com/northwind-air/mileage/internal/platform/lambdamw"
	"github.com/northwind-air/mileage/internal/ports"
	"github.com/northwind-air/mileage/internal/provider/reservation"
)

// Worker fulfils queued redemptions against the reservation system.
type Worker struct {
	tx           ports.TxRunner
	members      ports.Members
	redemptions  ports.Redemptions
	ledger       ports.Ledger
	reservations ports.Reservations
	notify       ports.Enqueuer
	log          *slog.Logger
}

// NewWorker returns a Worker.
func NewWorker(tx ports.TxRunner, members ports.Members, redemptions ports.Redemptions, ledger ports.Ledger,
	reservations ports.Reservations, notify *messaging.NotifyQueue, log *slog.Logger) *Worker {
	return &Worker{
		tx:           tx,
		members:      members,
		redemptions:  redemptions,
		ledger:       ledger,
		reservations: reservations,
		notify:       notify,
		log:          log,
	}
}

// Routes registers the worker's message types.
func (w *Worker) Routes(r *lambdamw.Router) {
	r.Handle(messaging.TypeAwardBooking, decode(w.BookAward))
	r.Handle(messaging.TypeUpgrade, decode(w.Upgrade))
}

func decode(fn func(context.Context, messaging.RedemptionMessage) error) lambdamw.RecordHandler[events.SQSMessage] {
	return func(ctx context.Context, m events.SQSMessage) error {
		var msg messaging.RedemptionMessage
		if err := json.Unmarshal([]byte(m.Body), &msg); err != nil {
			return lambdamw.Permanent{Err: err}
		}
		return fn(ctx, msg)
	}
}

// bookingReference returns a reference for the reservation system, which
// accepts at most 20 characters.
func bookingReference() string { return xid.New().String() }

// BookAward books and tickets an award, then takes the miles.
func (w *Worker) BookAward(ctx context.Context, msg messaging.RedemptionMessage) error {
	r, err := w.redemptions.Get(ctx, msg.RedemptionID)
	if err != nil {
		return err
	}
	if r.Status != domain.RedemptionRequested {
		return nil
	}
	m, err := w.members.Get(ctx, r.MemberID)
	if err != nil {
		return err
	}
	booking, err := w.reservations.BookAward(ctx, reservation.AwardBookingRequest{
		MemberNumber: m.Number,
		OfferCode:    r.OfferCode,
		Origin:       r.Origin,
		Destination:  r.Destination,
		FlightDate:   r.FlightDate.Format("2006-01-02"),
		Cabin:        r.Cabin,
		Passengers:   r.Passengers,
		MilesAmount:  r.Miles,
	}, reservation.WithReference(bookingReference()))
	if errors.Is(err, reservation.ErrNoAvailability) {
		if ferr := w.redemptions.MarkFailed(ctx, r.ID, "no_availability"); ferr != nil {
			return ferr
		}
		w.alert(ctx, r, "award_unavailable", map[string]string{"offer": r.OfferCode})
		return nil
	}
	if err != nil {
		return err
	}
	err = w.tx.Do(ctx, func(ctx context.Context) error {
		ticketed, err := w.redemptions.MarkTicketed(ctx, r.ID, booking.PNR, booking.Reference)
		if err != nil || !ticketed {
			return err
		}
		_, err = w.ledger.Post(ctx, domain.Posting{
			MemberID:  r.MemberID,
			Kind:      domain.KindRedemption,
			Miles:     -r.Miles,
			Source:    "award",
			SourceRef: r.ID,
			Memo:      fmt.Sprintf("%s %s-%s %s", booking.PNR, r.Origin, r.Destination, r.Cabin),
		})
		return err
	})
	if err != nil {
		return err
	}
	w.alert(ctx, r, "award_ticketed", map[string]string{"pnr": booking.PNR})
	return nil
}

// Upgrade confirms a cabin upgrade on an existing booking.
func (w *Worker) Upgrade(ctx context.Context, msg messaging.RedemptionMessage) error {
	r, err := w.redemptions.Get(ctx, msg.RedemptionID)
	if err != nil {
		return err
	}
	if r.Status != domain.RedemptionRequested {
		return nil
	}
	m, err := w.members.Get(ctx, r.MemberID)
	if err != nil {
		return err
	}
	res, err := w.reservations.RequestUpgrade(ctx, r.PNR, reservation.UpgradeRequest{
		MemberNumber: m.Number,
		SegmentRef:   r.SegmentRef,
		TargetCabin:  r.Cabin,
		MilesAmount:  r.Miles,
	}, reservation.WithReference(r.ID[:20]))
	if errors.Is(err, reservation.ErrNoAvailability) {
		if ferr := w.redemptions.MarkFailed(ctx, r.ID, "no_upgrade_space"); ferr != nil {
			return ferr
		}
		w.alert(ctx, r, "upgrade_unavailable", map[string]string{"pnr": r.PNR})
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := w.ledger.Post(ctx, domain.Posting{
		MemberID: r.MemberID,
		Kind:     domain.KindRedemption,
		Miles:    -r.Miles,
		Source:   "upgrade",
		Memo:     fmt.Sprintf("%s %s to %s", r.PNR, r.SegmentRef, res.Cabin),
	}); err != nil {
		return err
	}
	if _, err := w.redemptions.MarkTicketed(ctx, r.ID, res.PNR, res.Reference); err != nil {
		return err
	}
	w.alert(ctx, r, "upgrade_confirmed", map[string]string{"pnr": r.PNR, "cabin": res.Cabin})
	return nil
}

// alert queues an SMS about the redemption. Failures are logged: the
// redemption itself is done.
func (w *Worker) alert(ctx context.Context, r domain.Redemption, template string, params map[string]string) {
	key := template + ":" + r.ID
	_, err := messaging.SendTyped(ctx, w.notify, messaging.NotifyMessage{
		Kind:     "activity",
		MemberID: r.MemberID,
		Template: template,
		Key:      key,
		Params:   params,
	}, messaging.Dedup(key))
	if err != nil {
		w.log.WarnContext(ctx, "queue alert", "redemption_id", r.ID, "error", err)
	}
}
