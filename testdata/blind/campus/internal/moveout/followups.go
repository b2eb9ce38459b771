package moveout

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/ids"
	"github.com/quadhall/housing/internal/providers/cardproc"
	"github.com/quadhall/housing/internal/providers/locksmith"
)

// ErrCardDeclined is returned by ChargeDamage when the card is declined;
// the worker cancels the job and student accounts follow up by hand.
var ErrCardDeclined = errors.New("moveout: damage charge declined")

// ChargeDamage charges the student's card for damage the deposit did not
// cover.
func (s *Service) ChargeDamage(ctx context.Context, inspectionID, studentID string, amountCents int64) error {
	student, err := s.q.GetStudent(ctx, studentID)
	if err != nil {
		return fmt.Errorf("load student: %w", err)
	}
	if !student.CardToken.Valid {
		return ErrCardDeclined
	}

	// The transport only replays POSTs that carry an Idempotency-Key, so
	// every charge gets one.
	charge, err := s.cards.CreateCharge(ctx, cardproc.ChargeRequest{
		AmountCents:    amountCents,
		CardToken:      student.CardToken.String,
		Description:    "Residence hall damage",
		Metadata:       map[string]string{"inspection_id": inspectionID, "student_id": studentID},
		IdempotencyKey: ids.New(),
	})
	if errors.Is(err, cardproc.ErrDeclined) {
		return ErrCardDeclined
	}
	if err != nil {
		return fmt.Errorf("charge damage: %w", err)
	}

	return s.q.InsertDamageCardCharge(ctx, db.InsertDamageCardChargeParams{
		ID:                ids.New(),
		InspectionID:      inspectionID,
		AmountCents:       amountCents,
		ProcessorChargeID: charge.ID,
	})
}

// BookRekey books the locksmith to re-core the room's lock before the next
// resident arrives.
func (s *Service) BookRekey(ctx context.Context, assignmentID, roomID string) error {
	room, err := s.q.GetRoom(ctx, roomID)
	if err != nil {
		return fmt.Errorf("load room: %w", err)
	}
	if room.RekeyPending {
		return nil
	}

	job, err := s.locks.BookRekey(ctx, locksmith.JobRequest{
		Building:  room.BuildingID,
		Room:      room.Number,
		Reason:    "resident move-out",
		NotBefore: time.Now().Add(2 * time.Hour),
	})
	if err != nil {
		return fmt.Errorf("book locksmith: %w", err)
	}

	return s.tx.InTx(ctx, func(ctx context.Context, _ *sql.Tx, q db.Querier) error {
		if err := q.InsertRekeyOrder(ctx, db.InsertRekeyOrderParams{
			ID:             ids.New(),
			AssignmentID:   assignmentID,
			RoomID:         room.ID,
			LocksmithJobID: job.ID,
		}); err != nil {
			return err
		}
		return q.SetRoomRekeyPending(ctx, room.ID)
	})
}
