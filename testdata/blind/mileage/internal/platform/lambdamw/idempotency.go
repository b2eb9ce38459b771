package lambdamw

import (
	"context"
	"net/http"

	"github.com/aws/aws-lambda-go/events"

	"github.com/northwind-air/mileage/internal/idem"
)

// IdempotencyKey copies the Idempotency-Key header into the request context
// so services can claim it together with their writes. Mutating requests
// without a usable key are rejected when required is true.
func IdempotencyKey(required bool) Middleware[events.APIGatewayProxyRequest, events.APIGatewayProxyResponse] {
	return func(next Handler[events.APIGatewayProxyRequest, events.APIGatewayProxyResponse]) Handler[events.APIGatewayProxyRequest, events.APIGatewayProxyResponse] {
		return func(ctx context.Context, req events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
			raw := header(req, idem.HeaderName)
			key, ok := idem.Normalize(raw)
			if ok {
				ctx = idem.WithKey(ctx, key)
			} else if required && req.HTTPMethod == http.MethodPost {
				return events.APIGatewayProxyResponse{
					StatusCode: http.StatusBadRequest,
					Headers:    map[string]string{"Content-Type": "application/json"},
					Body:       `{"error":"Idempotency-Key header is required"}`,
				}, nil
			}
			return next(ctx, req)
		}
	}
}

// ProcessedStore remembers which messages a consumer has handled.
type ProcessedStore interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkProcessed(ctx context.Context, consumer, messageID string) error
}

// SkipProcessed skips records the consumer already handled and remembers the
// ones it handles successfully.
func SkipProcessed(store ProcessedStore, consumer string) RecordMiddleware[events.SQSMessage] {
	return func(next RecordHandler[events.SQSMessage]) RecordHandler[events.SQSMessage] {
		return func(ctx context.Context, msg events.SQSMessage) error {
			seen, err := store.Seen(ctx, consumer, msg.MessageId)
			if err != nil {
				return err
			}
			if seen {
				return nil
			}
			if err := next(ctx, msg); err != nil {
				return err
			}
			return store.MarkProcessed(ctx, consumer, msg.MessageId)
		}
	}
}

func header(req events.APIGatewayProxyRequest, name string) string {
	if v, ok := req.Headers[name]; ok {
		return v
	}
	for k, v := range req.Headers {
		if http.CanonicalHeaderKey(k) == name {
			return v
		}
	}
	return ""
}
