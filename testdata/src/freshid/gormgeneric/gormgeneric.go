// Package gormgeneric inserts models through a generic helper of its
// own, under keys of the schema.
package gormgeneric

import (
	"context"
	"errors"

	"example.com/genrepo"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

var orm *gorm.DB

// errTaken is what create answers a duplicate key with.
var errTaken = errors.New("taken")

// create inserts the row, answering a duplicate key with errTaken.
func create[T any](ctx context.Context, db *gorm.DB, row *T) error {
	if err := db.WithContext(ctx).Create(row).Error; err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return errTaken
		}
		return err
	}
	return nil
}

type dispute struct {
	ID     string
	Reason string
}

// A fresh ID inserted through the package's generic helper.
func raiseDispute(ctx context.Context, t *asynq.Task) error {
	return create(ctx, orm, &dispute{ID: uuid.NewString(), Reason: string(t.Payload())}) // want `a retry creates a second dispute with a new ID`
}

// plate is stored in the table its TableName names, under a key of the
// plate's state and number.
type plate struct {
	ID     string
	State  string
	Number string
}

func (plate) TableName() string { return "garage_plates" }

// Negative: the retry's plate, the same state and number, fails on the
// table's key before a second row is added.
func registerPlate(ctx context.Context, t *asynq.Task) error {
	return create(ctx, orm, &plate{ID: uuid.NewString(), State: "CA", Number: string(t.Payload())})
}

// A plate with no number repeats no key.
func registerUnnumbered(ctx context.Context, t *asynq.Task) error {
	return create(ctx, orm, &plate{ID: uuid.NewString(), State: string(t.Payload())}) // want `a retry creates a second plate with a new ID`
}

// The number is set only on the branch that absorbs a repeat: the
// other inserts a plate with none, which no key stops.
func registerEither(ctx context.Context, t *asynq.Task) error {
	p := &plate{ID: uuid.NewString(), State: "CA"} // want `a retry creates a second plate with a new ID`
	if len(t.Payload()) > 8 {
		p.Number = string(t.Payload())
		return orm.Clauses(clause.OnConflict{DoNothing: true}).Create(p).Error
	}
	return create(ctx, orm, p)
}

// A fresh ID inserted through a generic repository of another package
// that formats its INSERT around the row type's table.
func reportGate(ctx context.Context, t *asynq.Task) error {
	r := &genrepo.Repo[genrepo.GateEvent, *genrepo.GateEvent]{}
	return r.Insert(ctx, &genrepo.GateEvent{ID: uuid.NewString(), Gate: string(t.Payload())}) // want `a retry creates a second GateEvent with a new ID`
}

// The same repository's insert that skips a row already there, keyed by
// the task's gate: the retry inserts nothing new.
func reportGateOnce(ctx context.Context, t *asynq.Task) error {
	r := &genrepo.Repo[genrepo.GateEvent, *genrepo.GateEvent]{}
	_, err := r.InsertIgnore(ctx, &genrepo.GateEvent{ID: string(t.Payload()), Gate: uuid.NewString()})
	return err
}
