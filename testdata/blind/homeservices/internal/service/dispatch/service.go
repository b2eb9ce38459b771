// Package dispatch offers jobs to nearby technicians and tracks the visit.
package dispatch

import (
	"context"
	"crypto/sha1"
	"encoding/binary"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/events"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/platform/queue"
	"github.com/tradeloop/homeservices/internal/provider/sms"
	"github.com/tradeloop/homeservices/internal/service/notify"
	"github.com/tradeloop/homeservices/internal/store"
)

// ProviderSet provides the dispatch Service.
var ProviderSet = wire.NewSet(NewService)

// maxOffers is how many technicians are texted per job.
const maxOffers = 5

// Service runs dispatch.
type Service struct {
	uow      store.UnitOfWork
	repos    *store.Repos
	notifier notify.Notifier
	calls    sms.API
	bus      events.Publisher
	queue    queue.Enqueuer
	now      func() time.Time
}

// NewService builds a Service.
func NewService(
	uow store.UnitOfWork,
	repos *store.Repos,
	notifier notify.Notifier,
	calls sms.API,
	bus events.Publisher,
	q queue.Enqueuer,
) *Service {
	return &Service{uow: uow, repos: repos, notifier: notifier, calls: calls, bus: bus, queue: q, now: time.Now}
}

// replyCode is the four-digit code a technician texts back to accept an
// offer. It is derived from the job and technician so it is stable.
func replyCode(jobID, technicianID string) string {
	sum := sha1.Sum([]byte(jobID + "|" + technicianID))
	return fmt.Sprintf("%04d", binary.BigEndian.Uint32(sum[:4])%10000)
}

// OnJobPosted offers a new job to the closest available technicians.
func (s *Service) OnJobPosted(ctx context.Context, evt events.JobPosted, _ events.Meta) error {
	job, err := s.repos.Jobs.Get(ctx, evt.JobID)
	if err != nil {
		return err
	}
	if job.Status != domain.JobOpen && job.Status != domain.JobQuoted {
		return nil
	}
	techs, err := s.repos.Technicians.Nearby(ctx, job.Trade, job.Lat, job.Lng, maxOffers)
	if err != nil {
		return err
	}
	now := s.now()
	err = s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		for _, t := range techs {
			if _, err := tx.Offers.InsertIgnore(ctx, &domain.DispatchOffer{
				ID:           ids.New(),
				JobID:        job.ID,
				TechnicianID: t.ID,
				ReplyCode:    replyCode(job.ID, t.ID),
				Status:       domain.OfferOffered,
				CreatedAt:    now,
				UpdatedAt:    now,
			}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}

	offers, err := s.repos.Offers.ByJob(ctx, job.ID)
	if err != nil {
		return err
	}
	byID := make(map[string]domain.Technician, len(techs))
	for _, t := range techs {
		byID[t.ID] = t
	}
	for _, o := range offers {
		if o.Status != domain.OfferOffered || o.SMSMessageID != nil {
			continue
		}
		t, ok := byID[o.TechnicianID]
		if !ok {
			tp, err := s.repos.Technicians.Get(ctx, o.TechnicianID)
			if err != nil {
				return err
			}
			t = *tp
		}
		body, err := notify.Render(notify.TplDispatchOffer, map[string]any{
			"Trade": job.Trade, "Area": areaOf(job.Address), "Title": job.Title, "Code": o.ReplyCode,
		})
		if err != nil {
			return err
		}
		rcpt, err := s.notifier.Send(ctx, t.Phone, body,
			notify.WithClientRef("offer_"+o.ID),
			notify.ForJob(job.ID),
			notify.Template(notify.TplDispatchOffer),
		)
		if err != nil {
			return fmt.Errorf("dispatch: offer %s: %w", o.ID, err)
		}
		if err := s.repos.Offers.SetSMSMessage(ctx, o.ID, rcpt.MessageID); err != nil {
			return err
		}
	}

	delay := 30 * time.Minute
	if job.Urgent {
		delay = 10 * time.Minute
	}
	task, err := queue.NewTask(queue.TypeEscalateDispatch, queue.EscalateDispatch{JobID: job.ID})
	if err != nil {
		return err
	}
	return s.queue.Enqueue(ctx, task, queue.WithDedupKey("escalate:"+job.ID), queue.WithDelay(delay))
}

// areaOf returns the part of an address that is safe to put in an offer
// text (no street number).
func areaOf(address string) string {
	for i := len(address) - 1; i >= 0; i-- {
		if address[i] == ',' {
			return address[i+1:]
		}
	}
	return "you"
}

// distanceKM is the equirectangular distance between two points.
func distanceKM(lat1, lng1, lat2, lng2 float64) float64 {
	x := (lng2 - lng1) * math.Cos((lat1+lat2)/2*math.Pi/180)
	y := lat2 - lat1
	return 111.32 * math.Sqrt(x*x+y*y)
}

func logSkip(ctx context.Context, msg string, args ...any) {
	slog.InfoContext(ctx, "dispatch: "+msg, args...)
}
