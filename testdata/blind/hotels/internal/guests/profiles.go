// Package guests keeps guest profiles and the guest message log in MongoDB.
package guests

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/harbourline/hotels/internal/domain"
)

// Profile is a guest as known to the PMS.
type Profile struct {
	ExternalID string            `bson:"_id" json:"external_id"`
	Name       string            `bson:"name" json:"name"`
	Email      string            `bson:"email" json:"email"`
	Phone      string            `bson:"phone" json:"phone"`
	Language   string            `bson:"language" json:"language"`
	Prefs      map[string]string `bson:"prefs,omitempty" json:"preferences,omitempty"`
	SourceTime time.Time         `bson:"source_updated_at" json:"-"`
	UpdatedAt  time.Time         `bson:"updated_at" json:"updated_at"`
}

// ProfileStore reads and writes profiles.
type ProfileStore interface {
	Upsert(ctx context.Context, p Profile) error
	Get(ctx context.Context, externalID string) (*Profile, error)
}

type mongoProfiles struct {
	coll *mongo.Collection
	now  func() time.Time
}

// NewProfileStore returns the Mongo-backed ProfileStore.
func NewProfileStore(db *mongo.Database) ProfileStore {
	return &mongoProfiles{coll: db.Collection("guest_profiles"), now: time.Now}
}

// Upsert writes p unless the stored profile came from a newer PMS change.
func (m *mongoProfiles) Upsert(ctx context.Context, p Profile) error {
	filter := bson.D{
		{Key: "_id", Value: p.ExternalID},
		{Key: "$or", Value: bson.A{
			bson.D{{Key: "source_updated_at", Value: bson.D{{Key: "$lte", Value: p.SourceTime}}}},
			bson.D{{Key: "source_updated_at", Value: bson.D{{Key: "$exists", Value: false}}}},
		}},
	}
	update := bson.D{
		{Key: "$set", Value: bson.D{
			{Key: "name", Value: p.Name},
			{Key: "email", Value: p.Email},
			{Key: "phone", Value: p.Phone},
			{Key: "language", Value: p.Language},
			{Key: "prefs", Value: p.Prefs},
			{Key: "source_updated_at", Value: p.SourceTime},
			{Key: "updated_at", Value: m.now()},
		}},
		{Key: "$setOnInsert", Value: bson.D{{Key: "created_at", Value: m.now()}}},
	}
	_, err := m.coll.UpdateOne(ctx, filter, update, options.UpdateOne().SetUpsert(true))
	if mongo.IsDuplicateKeyError(err) {
		// A newer version is stored: the filter did not match and the upsert
		// collided with the existing _id. Nothing to do.
		return nil
	}
	if err != nil {
		return fmt.Errorf("guests: upsert %s: %w", p.ExternalID, err)
	}
	return nil
}

func (m *mongoProfiles) Get(ctx context.Context, externalID string) (*Profile, error) {
	var p Profile
	err := m.coll.FindOne(ctx, bson.D{{Key: "_id", Value: externalID}}).Decode(&p)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, domain.ErrNotFound
	}
	return &p, err
}
