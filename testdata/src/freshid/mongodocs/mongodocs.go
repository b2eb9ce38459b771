// Package mongodocs stores documents in MongoDB.
package mongodocs

import (
	"context"
	"net/http"

	"github.com/google/uuid"
	"go.mongodb.org/mongo-driver/bson/primitive"
	"go.mongodb.org/mongo-driver/mongo"
)

type Order struct {
	ID      primitive.ObjectID `bson:"_id"`
	OfferID string             `bson:"offerId"`
}

type Event struct {
	Key   string `bson:"_id,omitempty"`
	Trace string `bson:"trace"`
}

type Orders struct{ db *mongo.Collection }

func (r *Orders) Create(ctx context.Context, o Order) error {
	_, err := r.db.InsertOne(ctx, o)
	return err
}

var (
	orders *Orders
	events *mongo.Collection
)

func CreateOrder(w http.ResponseWriter, r *http.Request) {
	id := primitive.NewObjectID() // want `a retry creates a second Order with a new ID: primitive.NewObjectID\(\) is fresh on every attempt \(HTTP handler CreateOrder\)`
	orders.Create(r.Context(), Order{ID: id, OfferID: r.FormValue("offer")})
}

// Negative: the document's _id is the caller's key; the fresh value is
// a trace.
func RecordEvent(w http.ResponseWriter, r *http.Request) {
	events.InsertOne(r.Context(), &Event{Key: r.Header.Get("Idempotency-Key"), Trace: uuid.NewString()})
}
