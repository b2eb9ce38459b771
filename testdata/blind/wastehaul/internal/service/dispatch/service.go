// Package dispatch publishes routes to drivers over SMS and handles their
// replies.
package dispatch

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"text/template"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/haulcore/wastehaul/internal/idempotency"
	"github.com/haulcore/wastehaul/internal/jobs/jobargs"
	"github.com/haulcore/wastehaul/internal/platform/idgen"
	"github.com/haulcore/wastehaul/internal/providers/sms"
	"github.com/haulcore/wastehaul/internal/store"
)

// Service is the dispatch use-case surface.
type Service interface {
	PublishRoute(ctx context.Context, routeID string) (PublishResult, error)
	SendAdhoc(ctx context.Context, in Adhoc) (store.DriverMessage, error)
	Deliver(ctx context.Context, messageID string) error
	Notify(ctx context.Context, args jobargs.NotifyDriver) error
	HandleInbound(ctx context.Context, in sms.Inbound) (string, error)
	RecordStatus(ctx context.Context, st sms.StatusReport) error
}

// HaulBiller posts the per-haul charge for a completed stop.
type HaulBiller interface {
	PostHaulCharge(ctx context.Context, stop store.Stop) error
}

// PublishResult summarises a publish call.
type PublishResult struct {
	RouteID         string `json:"route_id"`
	AlreadyPublic   bool   `json:"already_published"`
	MessagesQueued  int    `json:"messages_queued"`
	SlotJobsQueued  int    `json:"slot_jobs_queued"`
	PublishedAtUnix int64  `json:"published_at"`
}

// Adhoc is a dispatcher-typed message to one driver.
type Adhoc struct {
	DriverID       uuid.UUID
	Body           string
	IdempotencyKey string
	Actor          string
}

// Deps groups collaborators for fx.
type Deps struct {
	DB       *store.DB
	Routes   store.Routes
	Pickups  store.Pickups
	Messages store.Messages
	Loads    store.Loads
	Keys     *idempotency.Keys
	Jobs     jobargs.Enqueuer
	SMS      sms.Sender
	Haul     HaulBiller
	Log      *slog.Logger
}

type service struct {
	Deps
	newID     idgen.Func
	now       func() time.Time
	templates map[string]*template.Template
}

// New returns the dispatch service.
func New(d Deps) Service {
	return &service{
		Deps:  d,
		newID: idgen.Default,
		now:   time.Now,
		templates: map[string]*template.Template{
			"assigned": template.Must(template.New("assigned").Parse(
				"New pickup on {{.date}}: stop {{.code}}. Check the route sheet for the address.")),
			"moved": template.Must(template.New("moved").Parse(
				"Stop {{.code}} moved to {{.date}}.")),
		},
	}
}

func (s *service) PublishRoute(ctx context.Context, routeID string) (PublishResult, error) {
	res := PublishResult{RouteID: routeID}
	err := s.DB.InTx(ctx, func(tx pgx.Tx) error {
		route, err := s.Routes.Get(ctx, tx, routeID)
		if err != nil {
			return err
		}
		now := s.now()
		published, err := s.Routes.MarkPublished(ctx, tx, route.ID, now)
		if err != nil {
			return err
		}
		if !published {
			res.AlreadyPublic = true
			return nil
		}
		res.PublishedAtUnix = now.Unix()

		stops, err := s.Routes.Stops(ctx, tx, route.ID)
		if err != nil {
			return err
		}
		var params []river.InsertManyParams
		for _, st := range stops {
			rid, pid := route.ID, st.PickupID
			msg, _, err := s.Messages.InsertForStop(ctx, tx, store.DriverMessage{
				ID:       s.newID(),
				DriverID: route.DriverID,
				RouteID:  &rid,
				PickupID: &pid,
				Purpose:  "route_stop",
				Body:     fmt.Sprintf("Stop %d [%s]: %s - %s. Text DONE %s when emptied.", st.Seq, st.StopCode, st.SiteLabel, st.Address, st.StopCode),
			})
			if err != nil {
				return err
			}
			params = append(params, river.InsertManyParams{Args: jobargs.SendDriverMessage{MessageID: msg.ID}})
		}
		res.MessagesQueued = len(params)

		loads, err := s.Loads.ForRoute(ctx, tx, route.ID)
		if err != nil {
			return err
		}
		for _, l := range loads {
			params = append(params, river.InsertManyParams{Args: jobargs.BookTipSlot{LoadID: l.ID}})
		}
		res.SlotJobsQueued = len(loads)

		if len(params) == 0 {
			return nil
		}
		_, err = s.Jobs.InsertManyTx(ctx, tx, params)
		return err
	})
	return res, err
}

const scopeAdhoc = "dispatch.adhoc"

func (s *service) SendAdhoc(ctx context.Context, in Adhoc) (store.DriverMessage, error) {
	msg, err := store.TxResult(ctx, s.DB, func(tx pgx.Tx) (store.DriverMessage, error) {
		claim, err := s.Keys.ClaimTx(ctx, tx, scopeAdhoc, in.IdempotencyKey,
			idempotency.Fingerprint([]string{in.DriverID.String(), in.Body}))
		if err != nil {
			return store.DriverMessage{}, err
		}
		if !claim.Fresh && claim.ResourceID != "" {
			return s.Messages.Get(ctx, tx, claim.ResourceID)
		}
		m, err := s.Messages.Insert(ctx, tx, store.DriverMessage{
			ID:       s.newID(),
			DriverID: in.DriverID,
			Purpose:  "adhoc",
			Body:     in.Body,
		})
		if err != nil {
			return store.DriverMessage{}, err
		}
		return m, s.Keys.Complete(ctx, tx, claim, m.ID)
	})
	if err != nil {
		return store.DriverMessage{}, err
	}
	if msg.Status == store.MessageSent {
		return msg, nil
	}

	driver, err := s.Routes.GetDriver(ctx, s.DB.Q(), msg.DriverID)
	if err != nil {
		return store.DriverMessage{}, err
	}
	out, err := s.SMS.Send(ctx, sms.Message{
		To:   driver.Phone,
		Body: "[Dispatch] " + msg.Body,
	})
	if err != nil {
		return store.DriverMessage{}, fmt.Errorf("send sms: %w", err)
	}
	if err := s.Messages.MarkSent(ctx, s.DB.Q(), msg.ID, out.SID, s.now()); err != nil {
		return store.DriverMessage{}, err
	}
	return s.Messages.Get(ctx, s.DB.Q(), msg.ID)
}

func (s *service) Deliver(ctx context.Context, messageID string) error {
	msg, err := s.Messages.Get(ctx, s.DB.Q(), messageID)
	if err != nil {
		return err
	}
	if msg.Status == store.MessageSent {
		return nil
	}
	if msg.PickupID != nil {
		p, err := s.Pickups.Get(ctx, s.DB.Q(), *msg.PickupID)
		if err != nil {
			return err
		}
		if p.Status == store.PickupCancelled && msg.Purpose != "cancellation" {
			return nil
		}
	}
	driver, err := s.Routes.GetDriver(ctx, s.DB.Q(), msg.DriverID)
	if err != nil {
		return err
	}
	out, err := s.SMS.Send(ctx, sms.Message{
		To:        driver.Phone,
		Body:      msg.Body,
		ClientRef: msg.ID,
	})
	if err != nil {
		return err
	}
	return s.Messages.MarkSent(ctx, s.DB.Q(), msg.ID, out.SID, s.now())
}

func (s *service) Notify(ctx context.Context, args jobargs.NotifyDriver) error {
	tmpl, ok := s.templates[args.Template]
	if !ok {
		return fmt.Errorf("unknown driver template %q", args.Template)
	}
	driverID, err := uuid.Parse(args.DriverID)
	if err != nil {
		return err
	}
	driver, err := s.Routes.GetDriver(ctx, s.DB.Q(), driverID)
	if err != nil {
		return err
	}
	var b strings.Builder
	if err := tmpl.Execute(&b, args.Vars); err != nil {
		return err
	}
	_, err = s.SMS.Send(ctx, sms.Message{
		To:        driver.Phone,
		Body:      b.String(),
		ClientRef: "notify-" + args.NotifyID,
	})
	return err
}

// HandleInbound processes a driver's reply. "DONE <code>" completes a stop;
// anything else is logged for the dispatcher.
func (s *service) HandleInbound(ctx context.Context, in sms.Inbound) (string, error) {
	fields := strings.Fields(strings.ToUpper(in.Body))
	if len(fields) != 2 || fields[0] != "DONE" {
		s.Log.InfoContext(ctx, "driver message", "from", in.From, "body", in.Body)
		return "", nil
	}
	driver, err := s.Routes.DriverByPhone(ctx, s.DB.Q(), in.From)
	if errors.Is(err, store.ErrNotFound) {
		return "Number not registered to a driver.", nil
	}
	if err != nil {
		return "", err
	}

	stop, err := s.Routes.StopByCode(ctx, s.DB.Q(), fields[1])
	if errors.Is(err, store.ErrNotFound) {
		return "Unknown stop code " + fields[1] + ".", nil
	}
	if err != nil {
		return "", err
	}
	route, err := s.Routes.Get(ctx, s.DB.Q(), stop.RouteID)
	if err != nil {
		return "", err
	}
	if route.DriverID != driver.ID {
		return "Stop " + stop.StopCode + " is not on your route.", nil
	}
	if stop.CompletedAt != nil {
		return "Stop " + stop.StopCode + " already done.", nil
	}

	if err := s.Haul.PostHaulCharge(ctx, stop); err != nil {
		return "", fmt.Errorf("post haul charge: %w", err)
	}

	now := s.now()
	err = s.DB.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.Routes.CompleteStop(ctx, tx, stop.RouteID, stop.PickupID, now); err != nil {
			return err
		}
		return s.Pickups.MarkCompleted(ctx, tx, stop.PickupID, now)
	})
	if err != nil {
		return "", err
	}
	return "Stop " + stop.StopCode + " marked done. Thanks!", nil
}

func (s *service) RecordStatus(ctx context.Context, st sms.StatusReport) error {
	found, err := s.Messages.UpdateDeliveryStatus(ctx, s.DB.Q(), st.SID, st.Status)
	if err != nil {
		return err
	}
	if !found {
		s.Log.DebugContext(ctx, "status for unknown message", "sid", st.SID, "status", st.Status)
	}
	return nil
}
