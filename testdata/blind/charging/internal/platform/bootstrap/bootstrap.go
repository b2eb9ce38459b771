// Package bootstrap creates the clients every Lambda needs at cold start.
package bootstrap

import (
	"context"
	"database/sql"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/voltway/charging/internal/platform/config"
	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/logx"
)

// Deps are the shared clients.
type Deps struct {
	Log *slog.Logger
	AWS aws.Config
	DB  *sql.DB
}

// Init loads AWS config and opens the MySQL pool.
func Init(function string) Deps {
	log := logx.Init(function)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cfg, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		log.Error("aws config", "err", err)
		panic(err)
	}
	db, err := dbutil.Open(config.Must("MYSQL_DSN"))
	if err != nil {
		log.Error("mysql", "err", err)
		panic(err)
	}
	return Deps{Log: log, AWS: cfg, DB: db}
}

// SQS returns an SQS client.
func (d Deps) SQS() *sqs.Client { return sqs.NewFromConfig(d.AWS) }

// DynamoDB returns a DynamoDB client.
func (d Deps) DynamoDB() *dynamodb.Client { return dynamodb.NewFromConfig(d.AWS) }
