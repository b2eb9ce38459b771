package guests

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// Message is an entry of the guest message log: inbound messages relayed by
// OTAs and outbound e-mails and SMS sent by the hotel.
type Message struct {
	ID            bson.ObjectID `bson:"_id,omitempty"`
	Key           string        `bson:"key,omitempty"`
	ReservationID string        `bson:"reservation_id"`
	Channel       string        `bson:"channel"`
	Direction     string        `bson:"direction"`
	Medium        string        `bson:"medium"`
	ExternalRef   string        `bson:"external_ref,omitempty"`
	From          string        `bson:"from,omitempty"`
	Subject       string        `bson:"subject,omitempty"`
	Body          string        `bson:"body"`
	ProviderID    string        `bson:"provider_id,omitempty"`
	Status        string        `bson:"status"`
	CreatedAt     time.Time     `bson:"created_at"`
}

// MessageLog stores guest messages.
type MessageLog interface {
	// Append stores m as a new entry.
	Append(ctx context.Context, m Message) error
	// Record stores m under key, replacing an earlier entry with the same key.
	Record(ctx context.Context, key string, m Message) error
	// Seen reports whether an entry with key and status "sent" exists.
	Seen(ctx context.Context, key string) (bool, error)
}

type mongoMessages struct {
	coll *mongo.Collection
	now  func() time.Time
}

// NewMessageLog returns the Mongo-backed MessageLog.
func NewMessageLog(db *mongo.Database) MessageLog {
	return &mongoMessages{coll: db.Collection("guest_messages"), now: time.Now}
}

func (l *mongoMessages) Append(ctx context.Context, m Message) error {
	if m.CreatedAt.IsZero() {
		m.CreatedAt = l.now()
	}
	if _, err := l.coll.InsertOne(ctx, m); err != nil {
		return fmt.Errorf("guests: append message: %w", err)
	}
	return nil
}

func (l *mongoMessages) Record(ctx context.Context, key string, m Message) error {
	if m.CreatedAt.IsZero() {
		m.CreatedAt = l.now()
	}
	m.Key = key
	m.ID = bson.ObjectID{}
	_, err := l.coll.UpdateOne(ctx,
		bson.D{{Key: "key", Value: key}},
		bson.D{{Key: "$set", Value: m}},
		options.UpdateOne().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("guests: record %s: %w", key, err)
	}
	return nil
}

func (l *mongoMessages) Seen(ctx context.Context, key string) (bool, error) {
	err := l.coll.FindOne(ctx, bson.D{{Key: "key", Value: key}, {Key: "status", Value: "sent"}}).Err()
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	return err == nil, err
}

// Attempt is one received webhook delivery, kept for support investigations.
type Attempt struct {
	ID         bson.ObjectID `bson:"_id"`
	Source     string        `bson:"source"`
	EventID    string        `bson:"event_id"`
	EventType  string        `bson:"event_type"`
	RemoteAddr string        `bson:"remote_addr"`
	Outcome    string        `bson:"outcome"`
	ReceivedAt time.Time     `bson:"received_at"`
}

// AttemptLog is an append-only log of webhook deliveries.
type AttemptLog interface {
	Append(ctx context.Context, a Attempt) error
}

type mongoAttempts struct{ coll *mongo.Collection }

// NewAttemptLog returns the Mongo-backed AttemptLog.
func NewAttemptLog(db *mongo.Database) AttemptLog {
	return &mongoAttempts{coll: db.Collection("webhook_attempts")}
}

func (a *mongoAttempts) Append(ctx context.Context, at Attempt) error {
	_, err := a.coll.InsertOne(ctx, at)
	return err
}
