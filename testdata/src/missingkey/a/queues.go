package a

import (
	"context"
	"net/http"

	"example.com/carrierpb"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ec2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	amqp "github.com/rabbitmq/amqp091-go"
	kafka "github.com/segmentio/kafka-go"
)

var (
	queue    *sqs.Client
	compute  *ec2.Client
	mail     *sesv2.Client
	js       nats.JetStreamContext
	js2      jetstream.JetStream
	nc       *nats.Conn
	writer   *kafka.Writer
	channel  *amqp.Channel
	shipping carrierpb.ShippingServiceClient
)

func enqueueFIFO(w http.ResponseWriter, r *http.Request) {
	queue.SendMessage(r.Context(), &sqs.SendMessageInput{ // want `a retry repeats the SQS SendMessage: the input sets no MessageDeduplicationId`
		QueueUrl:       aws.String("https://sqs.example/orders"),
		MessageGroupId: aws.String("orders"),
	})
}

func enqueueFIFOURL(ctx context.Context, t *asynq.Task) error {
	input := &sqs.SendMessageInput{QueueUrl: aws.String("https://sqs.example/orders.fifo"), MessageBody: aws.String("b")}
	_, err := queue.SendMessage(ctx, input) // want `SQS SendMessage`
	return err
}

func launch(ctx context.Context, t *asynq.Task) error {
	_, err := compute.RunInstances(ctx, &ec2.RunInstancesInput{}) // want `a retry repeats the Ec2 RunInstances: the input sets no ClientToken`
	return err
}

func publishJS(m *nats.Msg) {
	js.Publish("orders.created", m.Data) // want `a retry publishes the message again: the JetStream publish carries no message ID \(NATS handler publishJS\)`
}

func publishJS2(ctx context.Context, t *asynq.Task) error {
	_, err := js2.Publish(ctx, "orders.created", t.Payload()) // want `JetStream publish`
	return err
}

func bookCarrier(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		shipping.BookCollection(ctx, &carrierpb.BookCollectionRequest{OrderId: string(m.Key)}) // want `a retry repeats the gRPC BookCollection: the input sets no IdempotencyKey \(kafka-go consumer loop bookCarrier\)`
	}
}

// Negative: a standard queue has no deduplication.
func enqueueStandard(w http.ResponseWriter, r *http.Request) {
	queue.SendMessage(r.Context(), &sqs.SendMessageInput{QueueUrl: aws.String("https://sqs.example/orders")})
}

// Negative: the deduplication ID from the task.
func enqueueDedup(ctx context.Context, t *asynq.Task) error {
	_, err := queue.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String("https://sqs.example/orders.fifo"),
		MessageDeduplicationId: aws.String(t.ResultWriter().TaskID()),
	})
	return err
}

// Negative: ClientToken from the task.
func launchKeyed(ctx context.Context, t *asynq.Task) error {
	_, err := compute.RunInstances(ctx, &ec2.RunInstancesInput{ClientToken: aws.String(t.ResultWriter().TaskID())})
	return err
}

// Negative: providers without a key mechanism, and notifications.
func publishers(ctx context.Context, t *asynq.Task) error {
	writer.WriteMessages(ctx, kafka.Message{Value: t.Payload()})
	channel.PublishWithContext(ctx, "", "q", false, false, amqp.Publishing{Body: t.Payload()})
	nc.Publish("orders", t.Payload())
	_, err := mail.SendEmail(ctx, &sesv2.SendEmailInput{})
	return err
}

// Negative: JetStream with a message ID.
func publishKeyed(m *nats.Msg) {
	js.Publish("orders.created", m.Data, nats.MsgId(m.Header.Get("Nats-Msg-Id")))
}

// Negative: a gRPC read, and a booking with the key.
func carrierCalls(ctx context.Context, t *asynq.Task) error {
	shipping.GetBooking(ctx, &carrierpb.GetBookingRequest{})
	_, err := shipping.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: t.ResultWriter().TaskID()})
	return err
}
