module example.com/payments

go 1.25

require (
	github.com/aws/aws-sdk-go-v2 v1.48.0
	github.com/aws/aws-sdk-go-v2/service/sqs v1.53.0
	github.com/google/uuid v1.6.0
	github.com/hashicorp/go-retryablehttp v0.7.8
	github.com/hibiken/asynq v0.26.0
	github.com/jackc/pgx/v5 v5.7.6
	github.com/segmentio/kafka-go v0.4.51
	github.com/stripe/stripe-go/v82 v82.5.1
)
