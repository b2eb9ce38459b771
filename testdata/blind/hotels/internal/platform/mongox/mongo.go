// Package mongox connects to the document store used for guest profiles and
// message logs.
package mongox

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/mongo/readpref"
)

// Connect dials the cluster and returns the named database with a cleanup.
func Connect(ctx context.Context, uri, database string) (*mongo.Database, func(), error) {
	client, err := mongo.Connect(options.Client().
		ApplyURI(uri).
		SetAppName("hotels").
		SetServerSelectionTimeout(5 * time.Second))
	if err != nil {
		return nil, nil, fmt.Errorf("mongox: connect: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := client.Ping(pingCtx, readpref.Primary()); err != nil {
		_ = client.Disconnect(context.Background())
		return nil, nil, fmt.Errorf("mongox: ping: %w", err)
	}
	cleanup := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = client.Disconnect(ctx)
	}
	return client.Database(database), cleanup, nil
}
