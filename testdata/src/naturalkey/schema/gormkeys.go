package schema

import (
	"context"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"gorm.io/gorm"
)

var gdb *gorm.DB

// An Acknowledgement is stored in acknowledgements.
type Acknowledgement struct {
	ID            string
	ControlNumber string
	Status        string
}

// A Subscriber is stored in subscribers.
type Subscriber struct {
	ID    string
	Email string
}

// AckArgs carry the acknowledgement a clearing house sent.
type AckArgs struct {
	ControlNumber string
	Email         string
}

// Kind names the job.
func (AckArgs) Kind() string { return "ack" }

// AckWorker records acknowledgements.
type AckWorker struct{ river.WorkerDefaults[AckArgs] }

// Work creates the row under a fresh ID, and the control number the job
// carries, which the schema keeps unique: a retry fails on it.
func (w *AckWorker) Work(ctx context.Context, job *river.Job[AckArgs]) error {
	return gdb.WithContext(ctx).Create(&Acknowledgement{ID: uuid.NewString(), ControlNumber: job.Args.ControlNumber, Status: "accepted"}).Error // want `same ControlNumber again, which fails or duplicates it: the Create into acknowledgements has no conflict handling for the caller-known control_number \(river worker AckWorker.Work\); add Clauses`
}

// SubscribeWorker adds subscribers.
type SubscribeWorker struct{ river.WorkerDefaults[AckArgs] }

// Work creates a subscriber; the unique email beside the fresh ID is a
// rule of the domain, whose violation a repeated sign-up is answered by.
func (w *SubscribeWorker) Work(ctx context.Context, job *river.Job[AckArgs]) error {
	return gdb.WithContext(ctx).Create(&Subscriber{ID: uuid.NewString(), Email: job.Args.Email}).Error
}

// ClaimedAckWorker claims the job in its transaction first.
type ClaimedAckWorker struct{ river.WorkerDefaults[AckArgs] }

// Work creates the acknowledgement only when its claim of the control
// number inserted a row: a retry stops at the claim, in the same
// transaction.
func (w *ClaimedAckWorker) Work(ctx context.Context, job *river.Job[AckArgs]) error {
	return gdb.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		first, err := claim(tx, job.Args.ControlNumber)
		if err != nil || !first {
			return err
		}
		return tx.Create(&Acknowledgement{ID: uuid.NewString(), ControlNumber: job.Args.ControlNumber, Status: "accepted"}).Error
	})
}

func claim(tx *gorm.DB, key string) (bool, error) {
	res := tx.Exec("INSERT INTO processed_events (event_id) VALUES (?) ON CONFLICT (event_id) DO NOTHING", key)
	return res.RowsAffected == 1, res.Error
}

// Clearing submits claims to the clearing house.
type Clearing interface {
	Submit(ctx context.Context, claim string) (string, error)
}

var clearing Clearing

// SubmitWorker submits claims.
type SubmitWorker struct{ river.WorkerDefaults[AckArgs] }

// Work stores the control number the clearing house answers the
// submission with: a retry's submission may be answered with another.
func (w *SubmitWorker) Work(ctx context.Context, job *river.Job[AckArgs]) error {
	cn, err := clearing.Submit(ctx, job.Args.ControlNumber)
	if err != nil {
		return err
	}
	return gdb.WithContext(ctx).Create(&Acknowledgement{ID: uuid.NewString(), ControlNumber: cn, Status: "submitted"}).Error
}
