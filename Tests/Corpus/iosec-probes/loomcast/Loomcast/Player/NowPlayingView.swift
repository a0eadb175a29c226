import LoomKit
import SwiftUI

struct NowPlayingView: View {
    @EnvironmentObject private var player: PlayerController

    @AppStorage("playbackSpeed") private var playbackSpeed = 1.0
    @AppStorage("sleepTimerMinutes") private var sleepTimerMinutes = 0

    @State private var isSharing = false
    @State private var showCopied = false

    var body: some View {
        if let episode = player.current {
            VStack(spacing: 24) {
                ArtworkView(url: episode.artworkURL, cornerRadius: 16)
                    .aspectRatio(1, contentMode: .fit)
                    .frame(maxWidth: 300)
                    .shadow(radius: 12, y: 6)

                VStack(spacing: 4) {
                    Text(episode.title).font(.title3.bold()).multilineTextAlignment(.center)
                    Text(episode.showTitle).foregroundStyle(.secondary)
                }

                Slider(value: Binding(get: { player.elapsed }, set: { player.seek(to: $0) }), in: 0...max(player.duration, 1))
                Text(L10n.minutesRemaining(Int(max(player.duration - player.elapsed, 0) / 60)))
                    .font(.caption.monospacedDigit())
                    .foregroundStyle(.secondary)

                HStack(spacing: 44) {
                    Button { player.skip(by: -15) } label: { Image(systemName: "gobackward.15") }
                    Button { player.togglePlayPause() } label: {
                        Image(systemName: player.isPlaying ? "pause.circle.fill" : "play.circle.fill").font(.system(size: 64))
                    }
                    Button { player.skip(by: 30) } label: { Image(systemName: "goforward.30") }
                }
                .font(.title)

                HStack {
                    Picker(L10n.playbackSpeed(playbackSpeed), selection: $playbackSpeed) {
                        ForEach([0.8, 1.0, 1.2, 1.5, 2.0], id: \.self) { Text(L10n.playbackSpeed($0)).tag($0) }
                    }
                    Spacer()
                    Menu {
                        ForEach([0, 15, 30, 60], id: \.self) { minutes in
                            Button(minutes == 0 ? "Off" : L10n.sleepTimer(minutes)) {
                                sleepTimerMinutes = minutes
                                player.startSleepTimer(minutes: minutes)
                            }
                        }
                    } label: {
                        Image(systemName: player.sleepDeadline == nil ? "moon.zzz" : "moon.zzz.fill")
                    }
                    Spacer()
                    Menu {
                        Button("Share Episode…", systemImage: "square.and.arrow.up") { isSharing = true }
                        Button("Copy Link at Current Time", systemImage: "link") {
                            PublicLink.copy(episode, at: player.elapsed)
                            showCopied = true
                        }
                    } label: {
                        Image(systemName: "square.and.arrow.up")
                    }
                }
                .padding(.horizontal)
            }
            .padding()
            .sheet(isPresented: $isSharing) {
                ShareSheet(items: [episode.shareURL(at: player.elapsed)]).presentationDetents([.medium])
            }
            .alert(L10n.linkCopied, isPresented: $showCopied) {}
            .onChange(of: playbackSpeed) { player.applyRate() }
        }
    }
}

struct MiniPlayerBar: View {
    @EnvironmentObject private var player: PlayerController
    @State private var isExpanded = false

    var body: some View {
        if let episode = player.current {
            HStack(spacing: 12) {
                ArtworkView(url: episode.artworkURL, cornerRadius: 6).frame(width: 44, height: 44)
                VStack(alignment: .leading) {
                    Text(episode.title).font(.subheadline.weight(.semibold)).lineLimit(1)
                    Text(episode.showTitle).font(.caption).foregroundStyle(.secondary).lineLimit(1)
                }
                Spacer()
                Button { player.togglePlayPause() } label: {
                    Image(systemName: player.isPlaying ? "pause.fill" : "play.fill").font(.title3)
                }
            }
            .padding(10)
            .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 14, style: .continuous))
            .padding(.horizontal)
            .onTapGesture { isExpanded = true }
            .sheet(isPresented: $isExpanded) { NowPlayingView() }
        }
    }
}
