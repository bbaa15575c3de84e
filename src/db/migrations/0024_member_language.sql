-- The console language a member chose with the language switch (docs/console.md, "Language"); null until one is chosen.
ALTER TABLE "members" ADD COLUMN "language" text;
