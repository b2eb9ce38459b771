// Package ddbstore keeps small idempotency markers and leases in DynamoDB
// using conditional writes.
package ddbstore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// API is the subset of the DynamoDB client used here.
type API interface {
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error)
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
}

// ErrAlreadyClaimed is returned when a marker already exists.
var ErrAlreadyClaimed = errors.New("already claimed")

// ErrLeaseHeld is returned when another owner holds a lease.
var ErrLeaseHeld = errors.New("lease held by another owner")

// Markers records "seen" keys with a TTL. The table has partition key "pk"
// (string) and TTL attribute "expires_at".
type Markers struct {
	api   API
	table string
	ttl   time.Duration
	now   func() time.Time
}

// NewMarkers builds a marker store.
func NewMarkers(api API, table string, ttl time.Duration) *Markers {
	return &Markers{api: api, table: table, ttl: ttl, now: time.Now}
}

// Claim writes the marker only if it does not exist yet.
func (m *Markers) Claim(ctx context.Context, key string, attrs map[string]string) error {
	item := map[string]types.AttributeValue{
		"pk":         &types.AttributeValueMemberS{Value: key},
		"claimed_at": &types.AttributeValueMemberS{Value: m.now().UTC().Format(time.RFC3339Nano)},
		"expires_at": &types.AttributeValueMemberN{Value: strconv.FormatInt(m.now().Add(m.ttl).Unix(), 10)},
	}
	for k, v := range attrs {
		item[k] = &types.AttributeValueMemberS{Value: v}
	}
	_, err := m.api.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           aws.String(m.table),
		Item:                item,
		ConditionExpression: aws.String("attribute_not_exists(pk)"),
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return ErrAlreadyClaimed
	}
	if err != nil {
		return fmt.Errorf("claim %s: %w", key, err)
	}
	return nil
}

// Release deletes a marker.
func (m *Markers) Release(ctx context.Context, key string) error {
	_, err := m.api.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName: aws.String(m.table),
		Key:       map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: key}},
	})
	if err != nil {
		return fmt.Errorf("release %s: %w", key, err)
	}
	return nil
}

// Leases implements a simple expiring mutual-exclusion lease used by the
// scheduled sweeps so overlapping invocations do not run concurrently.
type Leases struct {
	api   API
	table string
	now   func() time.Time
}

// NewLeases builds a lease store on the same table layout as Markers.
func NewLeases(api API, table string) *Leases {
	return &Leases{api: api, table: table, now: time.Now}
}

// Acquire takes the lease named name for owner for ttl, succeeding if it is
// free, expired, or already held by owner.
func (l *Leases) Acquire(ctx context.Context, name, owner string, ttl time.Duration) error {
	now := l.now()
	_, err := l.api.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(l.table),
		Item: map[string]types.AttributeValue{
			"pk":         &types.AttributeValueMemberS{Value: "lease#" + name},
			"owner":      &types.AttributeValueMemberS{Value: owner},
			"expires_at": &types.AttributeValueMemberN{Value: strconv.FormatInt(now.Add(ttl).Unix(), 10)},
		},
		ConditionExpression: aws.String("attribute_not_exists(pk) OR expires_at < :now OR #o = :owner"),
		ExpressionAttributeNames: map[string]string{
			"#o": "owner",
		},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now":   &types.AttributeValueMemberN{Value: strconv.FormatInt(now.Unix(), 10)},
			":owner": &types.AttributeValueMemberS{Value: owner},
		},
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return ErrLeaseHeld
	}
	if err != nil {
		return fmt.Errorf("acquire lease %s: %w", name, err)
	}
	return nil
}

// Release drops the lease if owner still holds it.
func (l *Leases) Release(ctx context.Context, name, owner string) error {
	_, err := l.api.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName:           aws.String(l.table),
		Key:                 map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "lease#" + name}},
		ConditionExpression: aws.String("#o = :owner"),
		ExpressionAttributeNames: map[string]string{
			"#o": "owner",
		},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":owner": &types.AttributeValueMemberS{Value: owner},
		},
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return nil
	}
	return err
}
