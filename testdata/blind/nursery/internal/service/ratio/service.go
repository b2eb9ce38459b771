// Package ratio checks the staff:child ratio readings the room tablets send
// and alerts managers and room leads when a room is under-staffed.
package ratio

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/events"
	"github.com/acornlane-childcare/nursery/internal/notify"
	"github.com/acornlane-childcare/nursery/internal/platform/apperr"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
	"github.com/acornlane-childcare/nursery/internal/platform/store"
	"github.com/acornlane-childcare/nursery/internal/provider/sms"
)

type Mailer interface {
	Mail(ctx context.Context, to, subjectTmpl, bodyTmpl string, data any, tags ...string) (string, error)
}

type Texter interface {
	Text(ctx context.Context, to, body, ref string) (sms.Receipt, error)
}

type ReadingRepo = store.Repository[db.RatioReading]

type Service struct {
	readings *ReadingRepo
	q        *db.Queries
	tx       pgtx.Transactor
	events   events.Publisher
	mailer   Mailer
	texter   Texter
	log      *slog.Logger
}

func NewService(readings *ReadingRepo, q *db.Queries, tx pgtx.Transactor, pub events.Publisher, mailer Mailer, texter Texter, log *slog.Logger) *Service {
	return &Service{readings: readings, q: q, tx: tx, events: pub, mailer: mailer, texter: texter, log: log}
}

// Reading is one headcount from a room tablet. DeviceID and Seq identify it:
// the tablet increments Seq for every reading and resends unacknowledged
// readings with the same Seq.
type Reading struct {
	DeviceID   string
	Seq        int64
	RoomID     uuid.UUID
	Children   int32
	Staff      int32
	RecordedAt time.Time
}

type Result struct {
	Required int32
	Breached bool
}

type alertData struct {
	RoomName string
	Children int32
	Staff    int32
	Required int32
	At       string
}

// Record stores a reading and raises an alert if the room is under-staffed.
func (s *Service) Record(ctx context.Context, r Reading) (Result, error) {
	room, err := s.q.GetRoom(ctx, r.RoomID)
	if err != nil {
		return Result{}, apperr.NotFoundIfNoRows(err)
	}
	required := RequiredStaff(r.Children, room.ChildrenPerStaff)
	res := Result{Required: required, Breached: r.Staff < required}

	if res.Breached && room.ManagerEmail != "" {
		// Managers asked to hear straight from the tablet rather than
		// after the worker has picked the event up.
		data := alertData{RoomName: room.Name, Children: r.Children, Staff: r.Staff, Required: required, At: r.RecordedAt.Format("15:04")}
		if _, err := s.mailer.Mail(ctx, room.ManagerEmail, "ratio_alert_subject", "ratio_alert_body", data, "ratio"); err != nil {
			s.log.WarnContext(ctx, "ratio alert email failed", "room_id", room.ID, "err", err)
		}
	}

	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		inserted, err := s.readings.InsertIfAbsent(ctx, store.Row{}.
			Set("device_id", r.DeviceID).
			Set("reading_seq", r.Seq).
			Set("room_id", r.RoomID).
			Set("children_present", r.Children).
			Set("staff_present", r.Staff).
			Set("recorded_at", r.RecordedAt),
			"device_id", "reading_seq")
		if err != nil {
			return fmt.Errorf("store reading: %w", err)
		}
		if !inserted || !res.Breached {
			return nil
		}
		if err := pgtx.Q(ctx, s.q).CreateRatioAlert(ctx, db.CreateRatioAlertParams{
			ID:              uuid.New(),
			RoomID:          r.RoomID,
			DeviceID:        r.DeviceID,
			ReadingSeq:      r.Seq,
			ChildrenPresent: r.Children,
			StaffPresent:    r.Staff,
		}); err != nil {
			return err
		}
		return s.events.Publish(ctx, events.TopicRatioBreached, events.RatioBreached{
			RoomID:          r.RoomID,
			DeviceID:        r.DeviceID,
			ReadingSeq:      r.Seq,
			ChildrenPresent: r.Children,
			StaffPresent:    r.Staff,
			Required:        required,
		})
	})
	return res, err
}

// OnBreached texts the room lead.
func (s *Service) OnBreached(ctx context.Context, ev events.RatioBreached) error {
	room, err := s.q.GetRoom(ctx, ev.RoomID)
	if err != nil {
		return err
	}
	if room.LeadPhone == "" {
		return nil
	}
	body, err := notify.Render("ratio_alert_sms", alertData{
		RoomName: room.Name, Children: ev.ChildrenPresent, Staff: ev.StaffPresent, Required: ev.Required,
	})
	if err != nil {
		return err
	}
	ref := fmt.Sprintf("ratio-%s-%d", ev.DeviceID, ev.ReadingSeq)
	_, err = s.texter.Text(ctx, room.LeadPhone, body, ref)
	return err
}

// RequiredStaff is the number of staff needed for children at the room's
// children-per-staff ratio, never fewer than two when children are present.
func RequiredStaff(children, perStaff int32) int32 {
	if children == 0 {
		return 0
	}
	if perStaff <= 0 {
		perStaff = 1
	}
	n := (children + perStaff - 1) / perStaff
	if n < 2 {
		n = 2
	}
	return n
}
