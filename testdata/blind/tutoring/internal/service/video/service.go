// Package video provisions RoomCast rooms for lessons and ingests the
// attendance the vendor reports back.
package video

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/rs/xid"

	"github.com/learnloop/tutoring/internal/config"
	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/platform/ids"
	"github.com/learnloop/tutoring/internal/providers/videovendor"
	"github.com/learnloop/tutoring/internal/store"
)

// RoomProvider is the part of the vendor client this service uses.
type RoomProvider interface {
	CreateRoom(ctx context.Context, req videovendor.CreateRoomRequest) (videovendor.Room, error)
}

// Service manages lesson rooms.
type Service interface {
	// EnsureRoom returns the lesson's room, creating it on demand.
	EnsureRoom(ctx context.Context, tutorID, lessonID uuid.UUID) (domain.Room, error)
	// Provision creates the room ahead of a scheduled lesson.
	Provision(ctx context.Context, lessonID uuid.UUID) error
	// Ingest applies a vendor webhook event.
	Ingest(ctx context.Context, ev videovendor.Event) error
}

type service struct {
	pool     *pgxpool.Pool
	lessons  store.Lessons
	tutors   store.Tutors
	rooms    store.Rooms
	sessions store.Sessions
	vendor   RoomProvider
	joinBase string
}

// New builds the video service.
func New(pool *pgxpool.Pool, lessons store.Lessons, tutors store.Tutors, rooms store.Rooms,
	sessions store.Sessions, vendor RoomProvider, cfg config.Config) Service {
	return &service{pool: pool, lessons: lessons, tutors: tutors, rooms: rooms, sessions: sessions,
		vendor: vendor, joinBase: cfg.PublicJoinURLPrefix}
}

func roomName(l domain.Lesson) string {
	return "lesson-" + l.ID.String()[:8] + "-" + l.StartsAt.Format("20060102T1504")
}

func participants(l domain.Lesson) videovendor.RoomOption {
	return videovendor.WithParticipants(
		videovendor.Participant{Role: "host", DisplayName: "Tutor", ExternalID: l.TutorID.String()},
		videovendor.Participant{Role: "guest", DisplayName: "Student", ExternalID: l.StudentID.String()},
	)
}

// save stores the vendor room with a fresh join secret. The secret is
// only kept if this call's insert wins; the stored row is returned.
func (s *service) save(ctx context.Context, lessonID uuid.UUID, room videovendor.Room) (domain.Room, error) {
	secret := ids.Token(24)
	_, err := s.rooms.SaveIfAbsent(ctx, s.pool, domain.Room{
		LessonID:       lessonID,
		VendorRoomID:   room.ID,
		TutorJoinURL:   room.JoinURLs["host"],
		StudentJoinURL: room.JoinURLs["guest"],
		JoinSecret:     secret,
	})
	if err != nil {
		return domain.Room{}, err
	}
	stored, _, err := s.rooms.Get(ctx, s.pool, lessonID)
	return stored, err
}

func (s *service) EnsureRoom(ctx context.Context, tutorID, lessonID uuid.UUID) (domain.Room, error) {
	lesson, err := s.lessons.Get(ctx, s.pool, lessonID)
	if err != nil {
		return domain.Room{}, err
	}
	if lesson.TutorID != tutorID {
		return domain.Room{}, domain.ErrForbidden
	}
	if lesson.Status != domain.LessonBooked {
		return domain.Room{}, fmt.Errorf("%w: lesson is %s", domain.ErrConflict, lesson.Status)
	}
	if existing, ok, err := s.rooms.Get(ctx, s.pool, lessonID); err != nil || ok {
		return existing, err
	}
	tutor, err := s.tutors.Get(ctx, s.pool, tutorID)
	if err != nil {
		return domain.Room{}, err
	}
	req := videovendor.NewCreateRoomRequest(roomName(lesson), lesson.StartsAt, time.Duration(lesson.DurationMin)*time.Minute,
		videovendor.WithClientReference("lesson:"+lesson.ID.String()),
		videovendor.WithRecording(tutor.RecordingEnabled),
		videovendor.WithWebhookTag(lesson.ID.String()),
		participants(lesson),
	)
	room, err := s.vendor.CreateRoom(ctx, req)
	if err != nil {
		return domain.Room{}, fmt.Errorf("create room: %w", err)
	}
	return s.save(ctx, lessonID, room)
}

func (s *service) Provision(ctx context.Context, lessonID uuid.UUID) error {
	lesson, err := s.lessons.Get(ctx, s.pool, lessonID)
	if err != nil {
		return err
	}
	if lesson.Status != domain.LessonBooked {
		return nil
	}
	if _, ok, err := s.rooms.Get(ctx, s.pool, lessonID); err != nil || ok {
		return err
	}
	tutor, err := s.tutors.Get(ctx, s.pool, lesson.TutorID)
	if err != nil {
		return err
	}
	opts := []videovendor.RoomOption{
		videovendor.WithRecording(tutor.RecordingEnabled),
		videovendor.WithWebhookTag(lesson.ID.String()),
		participants(lesson),
	}
	room, err := s.vendor.CreateRoom(ctx, videovendor.NewCreateRoomRequest(roomName(lesson), lesson.StartsAt,
		time.Duration(lesson.DurationMin)*time.Minute, opts...))
	if err != nil {
		return fmt.Errorf("create room: %w", err)
	}
	_, err = s.save(ctx, lessonID, room)
	return err
}

func (s *service) Ingest(ctx context.Context, ev videovendor.Event) error {
	lessonID, err := uuid.Parse(strings.TrimSpace(ev.WebhookTag))
	if err != nil {
		return nil // room not created by us (e.g. a support test room)
	}
	switch ev.Type {
	case "participant.left":
		p := ev.Participant
		secs := int64(p.LeftAt.Sub(p.JoinedAt).Seconds())
		if secs <= 0 {
			return nil
		}
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if err := s.sessions.Insert(ctx, tx, domain.Session{
				ID:       "ses_" + xid.New().String(),
				LessonID: lessonID,
				Role:     p.Role,
				JoinedAt: p.JoinedAt,
				LeftAt:   p.LeftAt,
				Seconds:  secs,
			}); err != nil {
				return err
			}
			if p.Role != "guest" {
				return nil
			}
			return s.lessons.AddAttendance(ctx, tx, lessonID, secs)
		})
	default:
		return nil
	}
}
