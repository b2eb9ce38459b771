package notify

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strconv"

	"github.com/aws/aws-lambda-go/events"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/messaging"
	"github.com/northwind-air/mileage/internal/platform/lambdamw"
	"github.com/northwind-air/mileage/internal/ports"
)

// Service sends queued notifications by SMS.
type Service struct {
	members ports.Members
	notes   ports.Notifications
	sms     ports.SMSSender
	log     *slog.Logger
}

// NewService returns a Service.
func NewService(members ports.Members, notes ports.Notifications, sms ports.SMSSender, log *slog.Logger) *Service {
	return &Service{members: members, notes: notes, sms: sms, log: log}
}

// Routes registers the notification types.
func (s *Service) Routes(r *lambdamw.Router) {
	r.Handle(messaging.TypeActivityAlert, s.decode(s.Activity))
	r.Handle(messaging.TypeStatement, s.decode(s.Statement))
}

func (s *Service) decode(fn func(context.Context, messaging.NotifyMessage) error) lambdamw.RecordHandler[events.SQSMessage] {
	return func(ctx context.Context, rec events.SQSMessage) error {
		var msg messaging.NotifyMessage
		if err := json.Unmarshal([]byte(rec.Body), &msg); err != nil {
			return lambdamw.Permanent{Err: err}
		}
		if msg.Key == "" || msg.MemberID == "" {
			return lambdamw.Permanent{Err: errors.New("notification without key or member")}
		}
		return fn(ctx, msg)
	}
}

// recipient returns the member's phone, or "" when the member cannot be
// texted.
func (s *Service) recipient(ctx context.Context, memberID string) (domain.Member, string, error) {
	m, err := s.members.Get(ctx, memberID)
	if errors.Is(err, domain.ErrNotFound) {
		return m, "", nil
	}
	if err != nil {
		return m, "", err
	}
	if !m.SMSOptIn || m.Status != "active" {
		return m, "", nil
	}
	return m, m.Phone, nil
}

// Activity texts an account activity alert.
func (s *Service) Activity(ctx context.Context, msg messaging.NotifyMessage) error {
	_, phone, err := s.recipient(ctx, msg.MemberID)
	if err != nil || phone == "" {
		return err
	}
	done, err := s.notes.Exists(ctx, msg.Key)
	if err != nil || done {
		return err
	}
	body, err := render(msg.Template, msg.Params)
	if err != nil {
		return lambdamw.Permanent{Err: err}
	}
	id, err := s.sms.Send(ctx, phone, body)
	if err != nil {
		return err
	}
	_, err = s.notes.Record(ctx, domain.Notification{
		MemberID:          msg.MemberID,
		DedupKey:          msg.Key,
		Template:          msg.Template,
		Phone:             phone,
		Status:            "sent",
		ProviderMessageID: id,
	})
	return err
}

// Statement texts the monthly statement.
func (s *Service) Statement(ctx context.Context, msg messaging.NotifyMessage) error {
	m, phone, err := s.recipient(ctx, msg.MemberID)
	if err != nil || phone == "" {
		return err
	}
	params := map[string]string{"period": msg.Params["period"], "balance": formatMiles(m.Balance), "tier": string(m.Tier)}
	body, err := render("statement", params)
	if err != nil {
		return lambdamw.Permanent{Err: err}
	}
	claimed, err := s.notes.Record(ctx, domain.Notification{
		MemberID: m.ID,
		DedupKey: msg.Key,
		Template: "statement",
		Phone:    phone,
		Status:   "sending",
	})
	if err != nil || !claimed {
		return err
	}
	id, err := s.sms.Send(ctx, phone, body)
	if err != nil {
		s.log.WarnContext(ctx, "statement sms failed", "member_id", m.ID, "error", err)
		return s.notes.MarkFailed(ctx, msg.Key)
	}
	return s.notes.MarkSent(ctx, msg.Key, id)
}

func formatMiles(n int64) string {
	s := []byte{}
	digits := []byte(strconv.FormatInt(n, 10))
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			s = append(s, ',')
		}
		s = append(s, d)
	}
	return string(s)
}
