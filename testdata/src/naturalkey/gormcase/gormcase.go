package gormcase

import (
	"context"
	"errors"
	"fmt"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"freshid/xids"
)

var db *gorm.DB

type Event struct {
	ID      string
	Payload string
}

type Receipt struct {
	TaskRef string `gorm:"primaryKey"`
	Body    []byte
}

// The message's UUID as the primary key, no conflict handling.
func record(msg *message.Message) error {
	return db.Create(&Event{ID: msg.UUID, Payload: string(msg.Payload)}).Error // want `a retry creates the row for the same ID again, which fails or duplicates it: the Create into events has no conflict handling for delivery ID UUID \(watermill handler record\)`
}

// A primaryKey tag, the task ID.
func receipt(ctx context.Context, t *asynq.Task) error {
	r := Receipt{TaskRef: t.ResultWriter().TaskID(), Body: t.Payload()}
	return db.WithContext(ctx).Create(&r).Error // want `same TaskRef again.*for task ID`
}

// Negative: ON CONFLICT DO NOTHING through Clauses.
func recordOnce(msg *message.Message) error {
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Event{ID: msg.UUID}).Error
}

// Negative: the duplicate is handled.
func recordHandled(msg *message.Message) error {
	err := db.Create(&Event{ID: msg.UUID}).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return nil
	}
	return err
}

var ErrConflict = errors.New("conflict")

// The duplicate is only renamed: the retry still fails, with another
// error, and nothing here takes that one.
func recordRenamed(msg *message.Message) error {
	err := db.Create(&Event{ID: msg.UUID}).Error // want `same ID again`
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return fmt.Errorf("%w: %v", ErrConflict, err)
	}
	return err
}

// A helper that renames the store's errors, as repositories do: the
// duplicate's branch returns a new error, so the helper takes nothing.
func recordTranslated(msg *message.Message) error {
	return translate(db.Create(&Event{ID: msg.UUID}).Error) // want `same ID again`
}

func translate(err error) error {
	switch {
	case err == nil:
		return nil
	case err == gorm.ErrDuplicatedKey:
		return fmt.Errorf("%w: %v", ErrConflict, err)
	default:
		return err
	}
}

type HTTPRequest struct {
	ID   string
	Body []byte
}

// gorm names the table of an initialism as one word: http_requests.
func logRequest(msg *message.Message) error {
	return db.Create(&HTTPRequest{ID: msg.UUID, Body: msg.Payload}).Error // want `the Create into http_requests has no conflict handling for delivery ID UUID`
}

// The Create runs in a transaction's callback, whose error the handler
// returns as it is: a retry fails on the primary key for ever.
func recordInTx(msg *message.Message) error {
	return db.Transaction(func(tx *gorm.DB) error {
		return tx.Create(&Event{ID: msg.UUID}).Error // want `same ID again`
	})
}

// Negative: the duplicate comes out of the transaction as its error,
// which the handler takes as done.
func recordInTxHandled(msg *message.Message) error {
	err := db.Transaction(func(tx *gorm.DB) error {
		return tx.Create(&Event{ID: msg.UUID}).Error
	})
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return nil
	}
	return err
}

// Negative: Save writes the row under its primary key whether or not it
// exists, and FirstOrCreate finds it first: a retry writes the same row.
func saveEvent(msg *message.Message) error {
	return db.Save(&Event{ID: msg.UUID, Payload: string(msg.Payload)}).Error
}

func firstOrCreateEvent(msg *message.Message) error {
	return db.FirstOrCreate(&Event{ID: msg.UUID}).Error
}

type Note struct {
	ID     string
	Author string
}

// TableName names the table as the schema does.
func (Note) TableName() string { return "patient_notes" }

// Negative: an ID made fresh by another package's helper is not the
// caller's, whatever else the row holds of the message; a retry adds a
// second row (freshid's), it does not fail on this one.
func noteInTx(msg *message.Message) error {
	return db.Transaction(func(tx *gorm.DB) error {
		return tx.Create(&Note{ID: xids.NewHoldID(), Author: string(msg.Payload)}).Error
	})
}

// The table is the one TableName returns.
func noteByMessage(msg *message.Message) error {
	return db.Create(&Note{ID: msg.UUID}).Error // want `the Create into patient_notes has no conflict handling for delivery ID UUID`
}

type Balance struct {
	ID    string
	Cents int64
}

// The event's row, then the balance: ignoring the duplicate alone would
// add to the balance again, so no fix, and the message says to stop on
// a row not written.
func credit(msg *message.Message) error {
	if err := db.Create(&Event{ID: msg.UUID}).Error; err != nil { // want `the Create into events has no conflict handling for delivery ID UUID \(watermill handler credit\); add Clauses\(clause.OnConflict\{DoNothing: true\}\) and stop when its RowsAffected is 0`
		return err
	}
	return db.Model(&Balance{ID: "a"}).Update("cents", gorm.Expr("cents + ?", 5)).Error
}
