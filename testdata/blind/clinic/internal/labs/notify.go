package labs

import (
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/acme/clinic/internal/platform/events"
	"github.com/acme/clinic/internal/platform/ids"
)

type inboxMessage struct {
	MessageID  string    `gorm:"primaryKey"`
	Handler    string    `gorm:"primaryKey"`
	ReceivedAt time.Time `gorm:"autoCreateTime"`
}

func (inboxMessage) TableName() string { return "inbox_messages" }

type notification struct {
	ID        string `gorm:"primaryKey"`
	PatientID string
	Kind      string
	RefID     string
	Body      string
	CreatedAt time.Time
}

func (notification) TableName() string { return "patient_notifications" }

// Notifier posts an in-app notification when a result arrives.
type Notifier struct {
	db *gorm.DB
}

func NewNotifier(db *gorm.DB) *Notifier { return &Notifier{db: db} }

const notifierName = "labs.notify-patient"

func (n *Notifier) Subscriptions() []events.Subscription {
	return []events.Subscription{
		{Name: notifierName, Topic: events.TopicLabResultReceived, Handle: n.notify},
	}
}

// notify records the message id in the inbox in the same transaction as the
// notification, so a redelivered message is dropped.
func (n *Notifier) notify(msg *message.Message) error {
	ev, err := events.Decode[events.LabResultReceived](msg.Payload)
	if err != nil {
		return fmt.Errorf("decode lab.result.received: %w", err)
	}
	return n.db.WithContext(msg.Context()).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).
			Create(&inboxMessage{MessageID: msg.UUID, Handler: notifierName})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		body := "A new lab result is available in your chart."
		if ev.Abnormal {
			body = "A new lab result is available. Your clinician will reach out to discuss it."
		}
		return tx.Create(&notification{
			ID:        ids.NewUUID(),
			PatientID: ev.PatientID,
			Kind:      "lab_result",
			RefID:     ev.ResultID,
			Body:      body,
		}).Error
	})
}
