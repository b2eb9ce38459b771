// Package mongo is a stub of go.mongodb.org/mongo-driver/mongo v1.17.4 for analysistest.
package mongo

import "context"

type InsertOneResult struct{ InsertedID interface{} }

type InsertManyResult struct{ InsertedIDs []interface{} }

type Collection struct{}

func (coll *Collection) InsertOne(ctx context.Context, document interface{}) (*InsertOneResult, error) {
	return nil, nil
}

func (coll *Collection) InsertMany(ctx context.Context, documents []interface{}) (*InsertManyResult, error) {
	return nil, nil
}
